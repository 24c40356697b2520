// A vendor-like caller of the web view script (tcstring webview-js), run by
// scripts/check-webview-js.sh in Node: loads the script for one key file as a page would, calls
// __tcfapi and __gpp as the IAB's CMP API v2.2 and GPP CMP API 1.1 describe, and checks the
// documented fields for the person the key file stands for.
//   node scripts/webview-js-caller.js CASE SCRIPT [UPDATE_SCRIPT]
"use strict";
const fs = require("fs");
const vm = require("vm");
const [kind, scriptPath, updatePath] = process.argv.slice(2);
const page = { console };
page.window = page;
vm.createContext(page);
vm.runInContext(fs.readFileSync(scriptPath, "utf8"), page);

let failures = 0;
function check(what, condition) {
  if (!condition) {
    failures++;
    console.error(`FAIL ${kind}: ${what}`);
  }
}
function call(api, ...args) {
  const results = [];
  api(...args.map((a) => (a === CB ? (...r) => results.push(r) : a)));
  return results;
}
const CB = Symbol("callback");
const tcf = (command, parameter) => call(page.__tcfapi, command, 2, CB, parameter);
const gpp = (command, parameter) => call(page.__gpp, command, CB, parameter);

check("__tcfapi is a function", typeof page.__tcfapi === "function");
check("__gpp is a function", typeof page.__gpp === "function");
check("no code injected from a stored value", page.injected === undefined);

const [[ping, pingOk]] = tcf("ping");
check("ping succeeds", pingOk === true);
check("ping cmpLoaded", ping.cmpLoaded === true && ping.cmpStatus === "loaded");
check("ping apiVersion 2.2", ping.apiVersion === "2.2");
const events = tcf("addEventListener");
check("addEventListener calls back at once", events.length === 1 && events[0][1] === true);
const [data] = events[0];
check("listenerId is a number", typeof data.listenerId === "number");
check("cmpStatus loaded", data.cmpStatus === "loaded");
const [[gppPing, gppOk]] = gpp("ping");
check("__gpp ping succeeds", gppOk === true && gppPing.gppVersion === "1.1" && gppPing.cmpStatus === "loaded");
for (const field of ["cmpDisplayStatus", "signalStatus", "supportedAPIs", "cmpId", "sectionList",
  "applicableSections", "gppString", "parsedSections"]) {
  check(`pingData has ${field}`, field in gppPing);
}
const registered = gpp("addEventListener");
check("__gpp addEventListener calls back at once with listenerRegistered",
  registered.length === 1 && registered[0][0].eventName === "listenerRegistered" && registered[0][0].data === true &&
  typeof registered[0][0].listenerId === "number" && registered[0][0].pingData.gppVersion === "1.1");

const all = (object, value) => Object.keys(object).length > 0 && Object.values(object).every((v) => v === value);
switch (kind) {
case "accept-all":
  check("gdprApplies true", ping.gdprApplies === true && data.gdprApplies === true);
  check("eventStatus tcloaded", data.eventStatus === "tcloaded");
  check("tcString", data.tcString.startsWith("CQ") && data.tcfPolicyVersion === 5);
  check("cmpId and cmpVersion", data.cmpId === 300 && data.cmpVersion === 2);
  check("isServiceSpecific", data.isServiceSpecific === true && data.useNonStandardTexts === false);
  check("publisherCC", data.publisherCC === "DE" && data.purposeOneTreatment === false);
  check("every purpose consented", all(data.purpose.consents, true) && data.purpose.consents["11"] === true);
  check("purpose legitimate interests", data.purpose.legitimateInterests["2"] === true);
  check("Google (755) consented", data.vendor.consents["755"] === true && data.vendor.legitimateInterests["755"]);
  check("special features opted in", data.specialFeatureOptins["1"] === true && data.specialFeatureOptins["2"]);
  check("publisher object", typeof data.publisher.customPurpose.consents === "object" &&
    typeof data.publisher.restrictions === "object");
  const [[tcData, ok]] = tcf("getTCData", [755, 4]);
  check("getTCData with vendor ids", ok && tcData.vendor.consents["755"] === true &&
    tcData.vendor.consents["4"] === false && Object.keys(tcData.vendor.consents).length === 2);
  check("getTCData has no listenerId", tcData.listenerId === undefined);
  const removed = tcf("removeEventListener", data.listenerId);
  check("removeEventListener", removed[0][0] === true && tcf("removeEventListener", data.listenerId)[0][0] === false);
  check("GPP: no section applies", gppPing.applicableSections.length === 1 && gppPing.applicableSections[0] === -1);
  break;
case "reject-all":
  check("gdprApplies true", data.gdprApplies === true && data.eventStatus === "tcloaded");
  check("no purpose consented", all(data.purpose.consents, false) && data.purpose.consents["1"] === false);
  check("no vendor consented", data.vendor.consents["755"] === false && data.vendor.consents["1"] === false);
  check("no special feature", all(data.specialFeatureOptins, false));
  check("publisher restriction purpose 2 vendor 3 not allowed", data.publisher.restrictions["2"]["3"] === 0);
  break;
case "us-gpp-only":
  check("gdprApplies false", ping.gdprApplies === false && data.gdprApplies === false);
  check("TCData outside the GDPR has no consents", data.purpose === undefined && data.vendor === undefined &&
    data.tcString === undefined && data.cmpId === 300);
  check("signalStatus ready", gppPing.signalStatus === "ready" && gppPing.gppString === "DBABL~BVQZAAAAAg");
  check("sectionList and applicableSections", JSON.stringify(gppPing.sectionList) === "[7]" &&
    JSON.stringify(gppPing.applicableSections) === "[7]" && JSON.stringify(gppPing.supportedAPIs) === '["usnat"]');
  check("hasSection usnat", gpp("hasSection", "usnat")[0][0] === true && gpp("hasSection", "usca")[0][0] === false);
  const [[sections, sectionOk]] = gpp("getSection", "usnat");
  check("getSection: one object per sub-section", sectionOk && Array.isArray(sections) && sections.length === 1 &&
    sections[0].SaleOptOut === 1 && sections[0].SharingOptOut === 2 && sections[0].Version === 1);
  check("getField usnat.SaleOptOut", gpp("getField", "usnat.SaleOptOut")[0][0] === 1);
  check("getField usnat.TargetedAdvertisingOptOut", gpp("getField", "usnat.TargetedAdvertisingOptOut")[0][0] === 1);
  check("getField unknown is null", gpp("getField", "usnat.Nope")[0][0] === null);
  check("parsedSections", gppPing.parsedSections.usnat[0].SaleOptOut === 1);
  check("removeEventListener", gpp("removeEventListener", registered[0][0].listenerId)[0][0] === true);
  break;
case "no-consent": {
  check("gdprApplies true", ping.gdprApplies === true && ping.displayStatus === "hidden");
  check("no TC string yet", data.tcString === "" && data.eventStatus === "cmpuishown");
  check("nothing consented", all(data.purpose.consents, false) && Object.keys(data.vendor.consents).length === 0);
  check("stored string kept as data", data.publisherCC === "\"</script><script>globalThis.injected=1</script>'\u2028");
  check("GPP: no string, ready (the CMP decided the context)", gppPing.gppString === "" &&
    gppPing.signalStatus === "ready" && JSON.stringify(gppPing.applicableSections) === "[-1]");
  // The person accepts: the app runs the script of the new keys in the page.
  const later = [];
  page.__tcfapi("addEventListener", 2, (d, ok) => later.push([d, ok]));
  const gppLater = [];
  page.__gpp("addEventListener", (d, ok) => gppLater.push(d));
  vm.runInContext(fs.readFileSync(updatePath, "utf8"), page);
  check("the listener hears useractioncomplete once", later.length === 2 &&
    later[1][0].eventStatus === "useractioncomplete" && later[1][0].purpose.consents["1"] === true);
  check("the first listener heard it too", events.length === 2 && events[1][0].listenerId === data.listenerId);
  check("__tcfapi is the same API", tcf("addEventListener")[0][0].eventStatus === "useractioncomplete");
  check("no GPP change: no GPP event", gppLater.length === 1);
  break;
}
default:
  check(`known case ${kind}`, false);
}
if (failures > 0) {
  process.exit(1);
}
console.log(`webview-js ${kind}: the IAB's documented fields answer as expected`);
