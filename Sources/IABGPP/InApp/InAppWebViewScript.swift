@_spi(TCFSchema) public import IABTCF

// Here, beside the in-app readers: the script answers from the `IABTCF_` keys (IABTCF's
// `InAppConsent`) and the `IABGPP_` keys (this module's `GPPInAppConsent` and sections), and this
// is the lowest module that sees both. It is the IAB's CMP APIs, not an app policy, so it does not
// belong to IABTCFAppTracking; IABTCFStorage yields it for a store's current keys.

/// The IAB's JavaScript CMP APIs for a web view, answering from the stored in-app keys: `__tcfapi`
/// (TCF CMP API v2.2: `ping`, `getTCData`, `addEventListener`, `removeEventListener`) and `__gpp`
/// (GPP CMP API 1.1: `ping`, `addEventListener`, `removeEventListener`, `hasSection`,
/// `getSection`, `getField`), so web content in the app's `WKWebView` sees the person's choice
/// without a second banner.
///
/// Add ``script(inAppKeys:)`` as a `WKUserScript` injected at document start. When the keys
/// change, run the new script in the page (`evaluateJavaScript`) and replace the user script: run
/// again, it updates the APIs in place and notifies their listeners (`useractioncomplete` for
/// `__tcfapi`; `signalStatus` `not ready`, `sectionChange` per changed section, `signalStatus`
/// `ready` for `__gpp`), as the specifications describe a CMP's change.
///
/// Every stored value enters the script as a JSON value escaped for a script: `<`, `>`, `&`, U+2028
/// and U+2029 as `\u` escapes besides JSON's own, so no stored string can end the script or
/// inject code.
public enum InAppWebViewScript {
    /// The script for `keys` (the `IABTCF_` and `IABGPP_` keys as a store holds them).
    ///
    /// `__tcfapi`: `gdprApplies` from `IABTCF_gdprApplies` (unset: `undefined`, and
    /// `getTCData`/`addEventListener` callbacks wait until it is known, as the CMP API requires);
    /// where the GDPR does not apply, TCData holds only `gdprApplies`, `tcfPolicyVersion`, `cmpId`,
    /// `cmpVersion` and the API's status fields; otherwise every field from the keys as
    /// `InAppConsent` reads them, `eventStatus` `tcloaded` with a TC string and `cmpuishown` (with an
    /// empty `tcString` and no consent) before the first choice. `__gpp`: `IABGPP_HDR_GppString`
    /// decoded, `applicableSections` from `IABGPP_GppSID` (`[-1]` when no section applies), each
    /// section parsed as `getSection` returns it (one object per sub-section, fields by the
    /// specification's names).
    public static func script(inAppKeys keys: [String: InAppValue]) -> String {
        template + data(keys) + ");\n"
    }

    /// The script's data: `{"tcf": {...}, "gpp": {...}}`.
    static func data(_ keys: [String: InAppValue]) -> String {
        let consent = InAppConsent(keys: keys)
        let gpp = GPPInAppConsent(keys: keys)
        var out = ScriptJSON()
        out.raw("{\"tcf\":")
        tcfData(consent, into: &out)
        out.raw(",\"gpp\":")
        gppData(gpp, cmpId: consent.cmpId, gdprApplies: consent.gdprApplies, into: &out)
        out.raw("}")
        return out.text
    }

    /// The TCData fields the keys give.
    private static func tcfData(_ consent: InAppConsent, into out: inout ScriptJSON) {
        let decoded = consent.tcString.flatMap { try? TCString(encoded: $0) }
        out.raw("{\"gdprApplies\":")
        out.raw(consent.gdprApplies.map { $0 ? "true" : "false" } ?? "null")
        out.raw(",\"cmpId\":")
        out.optional(consent.cmpId)
        out.raw(",\"cmpVersion\":")
        out.optional(consent.cmpVersion)
        out.raw(",\"tcfPolicyVersion\":")
        out.optional(consent.policyVersion ?? decoded?.policyVersion)
        out.raw(",\"tcString\":")
        out.string(decoded == nil ? "" : consent.tcString ?? "")
        out.raw(",\"isServiceSpecific\":")
        out.bool(decoded?.isServiceSpecific ?? true)
        out.raw(",\"useNonStandardTexts\":")
        out.bool(consent.useNonStandardTexts)
        out.raw(",\"publisherCC\":")
        out.string(consent.publisherCountryCode ?? "AA")
        out.raw(",\"purposeOneTreatment\":")
        out.bool(consent.purposeOneTreatment)
        // Before a choice (no TC string that decodes) nothing is granted, whatever other keys say.
        let chosen = decoded != nil
        let definedPurposes = TCFPolicy.definedPurposes.max() ?? 0
        let definedFeatures = TCFPolicy.definedSpecialFeatures.max() ?? 0
        out.raw(",\"purpose\":{\"consents\":")
        out.flags(chosen ? Array(consent.purposeConsents) : [], upTo: definedPurposes)
        out.raw(",\"legitimateInterests\":")
        out.flags(chosen ? Array(consent.purposeLegitimateInterests) : [], upTo: definedPurposes)
        // Vendors run to the highest disclosed one too, so an undisclosed refusal reads `false`.
        let vendors = chosen ? consent.disclosedVendors?.max ?? 0 : 0
        out.raw("},\"vendor\":{\"consents\":")
        out.flags(chosen ? Array(consent.vendorConsents) : [], upTo: vendors)
        out.raw(",\"legitimateInterests\":")
        out.flags(chosen ? Array(consent.vendorLegitimateInterests) : [], upTo: vendors)
        out.raw("},\"specialFeatureOptins\":")
        out.flags(chosen ? Array(consent.specialFeatureOptIns) : [], upTo: definedFeatures)
        out.raw(",\"publisher\":{\"consents\":")
        out.flags(chosen ? Array(consent.publisherConsents) : [], upTo: definedPurposes)
        out.raw(",\"legitimateInterests\":")
        out.flags(chosen ? Array(consent.publisherLegitimateInterests) : [], upTo: definedPurposes)
        out.raw(",\"customPurpose\":{\"consents\":")
        out.flags(chosen ? Array(consent.publisherCustomPurposeConsents) : [], upTo: 0)
        out.raw(",\"legitimateInterests\":")
        out.flags(chosen ? Array(consent.publisherCustomPurposeLegitimateInterests) : [], upTo: 0)
        out.raw("},\"restrictions\":{")
        // Entries are sorted by purpose, then type; the lowest (most restrictive) type wins for a
        // vendor listed twice, as in the in-app keys.
        let restrictions = chosen ? consent.publisherRestrictions : PublisherRestrictions()
        var byPurpose: [Int: [Int: Int]] = [:]
        for index in 0..<restrictions.count {
            let entry = restrictions[index]
            guard entry.restrictionType != .undefined else { continue }
            for vendor in entry.vendors {
                let type = entry.restrictionType.rawValue
                byPurpose[entry.purposeId, default: [:]][vendor] = min(
                    type,
                    byPurpose[entry.purposeId]?[vendor] ?? type
                )
            }
        }
        for (position, purpose) in byPurpose.keys.sorted().enumerated() {
            if position > 0 { out.raw(",") }
            out.raw("\"\(purpose)\":{")
            for (vendorPosition, vendor) in byPurpose[purpose]!.keys.sorted().enumerated() {
                out.raw((vendorPosition > 0 ? "," : "") + "\"\(vendor)\":\(byPurpose[purpose]![vendor]!)")
            }
            out.raw("}")
        }
        out.raw("}}}")
    }

    /// The GPP ping data and parsed sections the keys give.
    private static func gppData(
        _ gpp: GPPInAppConsent,
        cmpId: Int?,
        gdprApplies: Bool?,
        into out: inout ScriptJSON
    ) {
        let decoded = gpp.gppString.flatMap { try? GPPString(encoded: $0) }
        let sections = decoded?.sections ?? []
        let sectionList = sections.map(\.id)
        let inForce = (gpp.gppSectionIds ?? sectionList).filter { $0 > 0 }
        out.raw("{\"gppString\":")
        out.string(decoded == nil ? "" : gpp.gppString ?? "")
        out.raw(",\"cmpId\":")
        out.int(cmpId ?? 0)
        out.raw(",\"ready\":")
        // Ready once a GPP string is stored or a CMP has said whether the GDPR applies.
        out.bool(decoded != nil || gdprApplies != nil)
        out.raw(",\"sectionList\":")
        out.ints(sectionList)
        out.raw(",\"applicableSections\":")
        out.ints(inForce.isEmpty ? [-1] : inForce)
        out.raw(",\"supportedAPIs\":[")
        let named = sections.compactMap { section in section.name.map { (section, $0) } }
        for (position, (_, name)) in named.enumerated() {
            if position > 0 { out.raw(",") }
            out.string(name)
        }
        out.raw("],\"sections\":{")
        for (position, (section, name)) in named.enumerated() {
            if position > 0 { out.raw(",") }
            out.string(name)
            out.raw(":")
            parsed(section, into: &out)
        }
        out.raw("}}")
    }

    /// One section as `getSection` returns it: `{"subsections": [{field: value}...], "dates":
    /// [names]}`, the dates in milliseconds (the script makes them `Date`s).
    private static func parsed(_ section: GPPSection, into out: inout ScriptJSON) {
        var rows: [(name: String, subsection: Int, value: GPPValue?, date: Bool)]
        if case .tcfEuV2(let tc) = section {
            var named = TCFEuV2Rows()
            tc.traverse(&named)
            rows = named.rows
        } else {
            rows = (section.fieldRows ?? []).map { ($0.name, $0.subsection, $0.value, $0.type == .datetime) }
        }
        var subsections: [Int] = []
        for row in rows where !subsections.contains(row.subsection) && row.value != nil {
            subsections.append(row.subsection)
        }
        out.raw("{\"subsections\":[")
        for (position, subsection) in subsections.enumerated() {
            out.raw(position > 0 ? ",{" : "{")
            for (index, row) in rows.filter({ $0.subsection == subsection && $0.value != nil }).enumerated() {
                if index > 0 { out.raw(",") }
                out.string(row.name)
                out.raw(":")
                // Datetime values are deciseconds; the script takes milliseconds.
                value(row.date ? row.value?.int.map { .int($0 * 100) } : row.value, into: &out)
            }
            out.raw("}")
        }
        out.raw("],\"dates\":[")
        for (position, row) in rows.filter(\.date).enumerated() {
            if position > 0 { out.raw(",") }
            out.string(row.name)
        }
        out.raw("]}")
    }

    /// One field value as JSON: numbers, booleans, id and value lists, strings, range records.
    private static func value(_ value: GPPValue?, into out: inout ScriptJSON) {
        switch value {
        case nil: out.raw("null")
        case .int(let number)?: out.int(number)
        case .bool(let flag)?: out.bool(flag)
        case .list(let values)?, .ids(let values)?: out.ints(values)
        case .string(let text)?: out.string(text)
        case .records(let records)?:
            out.raw("[")
            for (position, record) in records.enumerated() {
                out.raw((position > 0 ? "," : "") + "{\"key\":\(record.key),\"type\":\(record.type),\"ids\":")
                out.ints(record.ids)
                out.raw("}")
            }
            out.raw("]")
        }
    }

    /// The script up to the data it is called with (``script(inAppKeys:)`` appends the data and `);`).
    static let template = #"""
        (function (data) {
          "use strict";
          var w = typeof window !== "undefined" ? window : globalThis;
          var hook = w.__swiftTCFWebView;
          if (hook && typeof hook.update === "function") { hook.update(data); return; }
          var tcfListeners = {}, gppListeners = {}, nextTcfId = 1, nextGppId = 1;
          function tcData(listenerId, vendorIds) {
            var t = data.tcf;
            var event = t.tcString ? (t.changed ? "useractioncomplete" : "tcloaded") : "cmpuishown";
            var base = { tcString: t.tcString, gdprApplies: t.gdprApplies, tcfPolicyVersion: t.tcfPolicyVersion,
              cmpId: t.cmpId, cmpVersion: t.cmpVersion, cmpStatus: "loaded", eventStatus: event,
              listenerId: listenerId };
            if (t.gdprApplies === false) {
              return { gdprApplies: false, tcfPolicyVersion: t.tcfPolicyVersion, cmpId: t.cmpId,
                cmpVersion: t.cmpVersion, cmpStatus: "loaded", eventStatus: "tcloaded", listenerId: listenerId };
            }
            var copy = JSON.parse(JSON.stringify(t));
            if (Array.isArray(vendorIds)) {
              ["consents", "legitimateInterests"].forEach(function (kind) {
                var picked = {};
                vendorIds.forEach(function (id) { picked[id] = copy.vendor[kind][id] === true; });
                copy.vendor[kind] = picked;
              });
            }
            base.isServiceSpecific = copy.isServiceSpecific;
            base.useNonStandardTexts = copy.useNonStandardTexts;
            base.publisherCC = copy.publisherCC;
            base.purposeOneTreatment = copy.purposeOneTreatment;
            base.purpose = copy.purpose;
            base.vendor = copy.vendor;
            base.specialFeatureOptins = copy.specialFeatureOptins;
            base.publisher = copy.publisher;
            return base;
          }
          function known() { return data.tcf.gdprApplies === true || data.tcf.gdprApplies === false; }
          function tcfapi(command, version, callback, parameter) {
            if (typeof callback !== "function") { return; }
            if (version !== undefined && version !== null && version !== 0 && version !== 2 && version !== "2") {
              callback(null, false);
              return;
            }
            switch (command) {
            case "ping":
              callback({ gdprApplies: known() ? data.tcf.gdprApplies : undefined, cmpLoaded: true,
                cmpStatus: "loaded", displayStatus: data.tcf.tcString || data.tcf.gdprApplies === false ? "disabled"
                  : "hidden", apiVersion: "2.2", cmpVersion: data.tcf.cmpId === null ? undefined : data.tcf.cmpVersion,
                cmpId: data.tcf.cmpId === null ? undefined : data.tcf.cmpId, gvlVersion: undefined,
                tcfPolicyVersion: data.tcf.tcfPolicyVersion === null ? undefined : data.tcf.tcfPolicyVersion }, true);
              return;
            case "getTCData":
              if (known()) { callback(tcData(undefined, parameter), true); }
              else { tcfListeners["pending" + nextTcfId++] = { callback: callback, once: true, vendorIds: parameter }; }
              return;
            case "addEventListener":
              var id = nextTcfId++;
              tcfListeners[id] = { callback: callback, id: id };
              if (known()) { callback(tcData(id), true); }
              return;
            case "removeEventListener":
              var found = Object.prototype.hasOwnProperty.call(tcfListeners, parameter);
              delete tcfListeners[parameter];
              callback(found, true);
              return;
            default:
              callback(null, false);
            }
          }
          function pingData() {
            var g = data.gpp;
            return { gppVersion: "1.1", cmpStatus: "loaded",
              cmpDisplayStatus: g.gppString ? "disabled" : "hidden",
              signalStatus: g.ready ? "ready" : "not ready", supportedAPIs: g.supportedAPIs.slice(),
              cmpId: g.cmpId, sectionList: g.sectionList.slice(), applicableSections: g.applicableSections.slice(),
              gppString: g.gppString, parsedSections: parsedSections() };
          }
          function section(name) {
            var s = data.gpp.sections[name];
            if (!s) { return null; }
            return s.subsections.map(function (sub) {
              var copy = {};
              Object.keys(sub).forEach(function (field) {
                copy[field] = s.dates.indexOf(field) >= 0 && typeof sub[field] === "number"
                  ? new Date(sub[field]) : JSON.parse(JSON.stringify(sub[field]));
              });
              return copy;
            });
          }
          function parsedSections() {
            var all = {};
            Object.keys(data.gpp.sections).forEach(function (name) { all[name] = section(name); });
            return all;
          }
          function gppEvent(name, eventData, listenerId) {
            return { eventName: name, listenerId: listenerId, data: eventData, pingData: pingData() };
          }
          function gpp(command, callback, parameter, version) {
            if (typeof callback !== "function") { return; }
            switch (command) {
            case "ping": callback(pingData(), true); return;
            case "addEventListener":
              var id = nextGppId++;
              gppListeners[id] = callback;
              callback(gppEvent("listenerRegistered", true, id), true);
              return;
            case "removeEventListener":
              var found = Object.prototype.hasOwnProperty.call(gppListeners, parameter);
              delete gppListeners[parameter];
              callback(found, true);
              return;
            case "hasSection":
              callback(Object.prototype.hasOwnProperty.call(data.gpp.sections, parameter), true);
              return;
            case "getSection": callback(section(parameter), true); return;
            case "getField":
              var dot = typeof parameter === "string" ? parameter.indexOf(".") : -1;
              var parts = dot > 0 ? section(parameter.slice(0, dot)) : null;
              var field = dot > 0 ? parameter.slice(dot + 1) : "";
              var value = null;
              (parts || []).forEach(function (sub) {
                if (Object.prototype.hasOwnProperty.call(sub, field)) { value = sub[field]; }
              });
              callback(value, true);
              return;
            default: callback(null, false);
            }
          }
          function update(next) {
            var before = data;
            next.tcf.changed = before.tcf.changed || before.tcf.tcString !== next.tcf.tcString;
            data = next;
            if (known() && (before.tcf.tcString !== next.tcf.tcString || before.tcf.gdprApplies !== next.tcf.gdprApplies)) {
              Object.keys(tcfListeners).forEach(function (key) {
                var listener = tcfListeners[key];
                if (listener.once) {
                  delete tcfListeners[key];
                  listener.callback(tcData(undefined, listener.vendorIds), true);
                } else {
                  listener.callback(tcData(listener.id), true);
                }
              });
            }
            var changed = Object.keys(next.gpp.sections).concat(Object.keys(before.gpp.sections)).filter(
              function (name, index, all) {
                return all.indexOf(name) === index &&
                  JSON.stringify(before.gpp.sections[name]) !== JSON.stringify(next.gpp.sections[name]);
              });
            if (changed.length === 0 && before.gpp.gppString === next.gpp.gppString &&
                before.gpp.ready === next.gpp.ready) { return; }
            Object.keys(gppListeners).forEach(function (id) {
              var callback = gppListeners[id];
              callback(gppEvent("signalStatus", "not ready", Number(id)), true);
              changed.forEach(function (name) { callback(gppEvent("sectionChange", name, Number(id)), true); });
              callback(gppEvent("signalStatus", next.gpp.ready ? "ready" : "not ready", Number(id)), true);
            });
          }
          w.__tcfapi = tcfapi;
          w.__gpp = gpp;
          w.__swiftTCFWebView = { update: update };
        })(
        """#
}

/// JSON text for a script: JSON's escapes, and `<`, `>`, `&`, U+2028, U+2029 as `\u` escapes, so a
/// stored value can neither close a `<script>` element nor end a JavaScript string.
struct ScriptJSON {
    private(set) var text = ""

    mutating func raw(_ piece: String) { text += piece }

    mutating func int(_ value: Int) { text += String(value) }

    mutating func bool(_ value: Bool) { text += value ? "true" : "false" }

    /// The number, or `null`.
    mutating func optional(_ value: Int?) { text += value.map { String($0) } ?? "null" }

    mutating func ints(_ values: [Int]) {
        text += "[" + values.map(String.init).joined(separator: ",") + "]"
    }

    /// `{"1": true, "2": false, ...}` from 1 to the highest of `ids` and `minimum`.
    mutating func flags(_ ids: [Int], upTo minimum: Int) {
        let set = Set(ids)
        let last = max(minimum, ids.max() ?? 0)
        text += "{" + (0..<last).map { "\"\($0 + 1)\":\(set.contains($0 + 1))" }.joined(separator: ",") + "}"
    }

    mutating func string(_ value: String) {
        text += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "<", ">", "&", "\u{2028}", "\u{2029}", "\u{0}"..."\u{1F}", "\u{7F}":
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}

/// The TCF EU v2 section's fields as `getSection` names them: the TC string's field table up to
/// its publisher restrictions, each key capitalized (`CmpId`), but for the two names the GPP
/// documents spell otherwise. Times are Datetime rows, in deciseconds.
private struct TCFEuV2Rows: TCFVisitor {
    typealias Failure = Never
    /// The GPP documents' names where they differ from the capitalized key.
    static let renamed = [
        "useNonStandardTexts": "UseNonStandardStacks", "specialFeatureOptIns": "SpecialFeatureOptins",
    ]

    var rows: [(name: String, subsection: Int, value: GPPValue?, date: Bool)] = []
    /// Whether the publisher restrictions were visited: the section lists no field after them.
    var pastVendors = false

    mutating func add(_ key: some TCFSchemaKey, _ value: GPPValue, date: Bool = false) {
        guard !pastVendors else { return }
        let key = key.stringValue
        rows.append((Self.renamed[key] ?? key.prefix(1).uppercased() + key.dropFirst(), 0, value, date))
    }
    mutating func visit(_ key: some TCFSchemaKey, int value: Int) { add(key, .int(value)) }
    mutating func visit(_ key: some TCFSchemaKey, bool value: Bool) { add(key, .bool(value)) }
    mutating func visit(_ key: some TCFSchemaKey, timestamp value: Timestamp) {
        add(key, .int(Int(value.deciseconds)), date: true)
    }
    mutating func visit(_ key: some TCFSchemaKey, code value: TwoLetterCode) { add(key, .string(value.description)) }
    mutating func visit(_ key: some TCFSchemaKey, ids value: some SmallIDSet) { add(key, .ids(Array(value))) }
    mutating func visit(_ key: some TCFSchemaKey, vendors value: VendorSet?) { add(key, .ids(Array(value ?? []))) }
    mutating func visit(_ key: some TCFSchemaKey, restrictions value: PublisherRestrictions) { pastVendors = true }
    mutating func visit(_ key: some TCFSchemaKey, publisherTC value: PublisherTC?) {}
}
