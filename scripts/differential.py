"""Compares every field Python's iab-tcf decodes with what `tcstring decode` prints, for TC strings
that `tcstring random` generates with our encoder, and the layout fields iab-tcf exposes (MaxVendorId,
IsRangeEncoding, every range entry, NumPubRestrictions, restriction entries in order) with what
`tcstring explain` reads. Run through scripts/differential.sh."""
import json
import subprocess
import sys
from datetime import datetime, timezone

import iab_tcf

tcstring, count, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
strings = subprocess.run([tcstring, "random", "--any", "--count", str(count), "--seed", str(seed)],
                         check=True, capture_output=True, text=True).stdout.split()
ours = [json.loads(line) for line in subprocess.run(
    [tcstring, "decode", "-"], input="\n".join(strings) + "\n", check=True, capture_output=True, text=True
).stdout.splitlines()]
assert len(strings) == len(ours) == count, (len(strings), len(ours))


def true_ids(bits):
    """iab-tcf's {id: bool} bitfield maps, as a sorted id list."""
    return sorted(i for i, on in bits.items() if on)


def range_ids(ranges):
    return sorted({i for start, end in ranges for i in range(start, end + 1)})


def seconds(iso):
    """Our ISO-8601 timestamp, truncated to whole seconds as iab-tcf reports it."""
    return datetime.strptime(iso[:19], "%Y-%m-%dT%H:%M:%S").replace(tzinfo=timezone.utc)


def fields(c):
    """The fields iab-tcf exposes, named as in our schema."""
    out = {
        "version": c.version,
        "created": c.created.replace(tzinfo=timezone.utc),
        "lastUpdated": c.last_updated.replace(tzinfo=timezone.utc),
        "cmpId": c.cmp_id, "cmpVersion": c.cmp_version, "consentScreen": c.consent_screen,
        "consentLanguage": c.consent_language.decode(), "vendorListVersion": c.vendor_list_version,
        "policyVersion": c.tcf_policy_version, "isServiceSpecific": c.is_service_specific,
        "useNonStandardTexts": c.use_non_standard_stacks,
        "specialFeatureOptIns": true_ids(c.special_features_optin),
        "purposeConsents": true_ids(c.purposes_consent),
        "purposeLegitimateInterests": true_ids(c.purposes_legitimate_interests),
        "purposeOneTreatment": c.purpose_one_treatment, "publisherCountryCode": c.publisher_cc.decode(),
        "vendorConsents": range_ids(c.consented_vendors_range) if c.is_consent_range_encoding
        else true_ids(c.consented_vendors),
        "vendorLegitimateInterests": range_ids(c.interests_vendors_range) if c.is_interests_range_encoding
        else true_ids(c.interests_vendors),
    }
    merged = {}
    for entry in c.pub_restriction_entries:
        merged.setdefault((entry.purpose_id, entry.restriction_type), set()).update(
            range_ids(entry.restrictions_range))
    out["publisherRestrictions"] = [{"purposeId": p, "restrictionType": t, "vendors": sorted(v)}
                                    for (p, t), v in sorted(merged.items())]
    out["disclosedVendors"] = true_ids(c.oob_disclosed_vendors) if hasattr(c, "oob_disclosed_vendors") else None
    out["allowedVendors"] = true_ids(c.oob_allowed_vendors) if hasattr(c, "oob_allowed_vendors") else None
    p = getattr(c, "publisher_tc", None)
    out["publisherTC"] = None if p is None else {
        "purposeConsents": true_ids(p.purposes_consent),
        "purposeLegitimateInterests": true_ids(p.purposes_lit_transparency),
        # iab-tcf has no NumCustomPurposes field; its custom bitfield maps have exactly that many keys.
        "numCustomPurposes": len(p.custom_purposes_consent),
        "customPurposeConsents": true_ids(p.custom_purposes_consent),
        "customPurposeLegitimateInterests": true_ids(p.custom_purposes_lit_transparency),
    }
    return out


def layout(text):
    """The layout fields of `tcstring explain TEXT`: vendor sections in order (core: consents, then
    legitimate interests; then one per optional segment) and restriction entries in order."""
    rows = subprocess.run([tcstring, "explain", text], check=True, capture_output=True, text=True).stdout
    sections, restrictions, entries, out = [], [], None, {}
    for line in rows.splitlines():
        parts = line.split()
        if len(parts) < 4 or not parts[0].isdigit():
            continue
        field, value = parts[3], parts[-1]
        if field == "MaxVendorId":
            sections.append({"segment": int(parts[0]), "max": int(value), "range": None, "entries": []})
            entries = sections[-1]["entries"]
        elif field == "IsRangeEncoding":
            sections[-1]["range"] = value == "true"
        elif field == "NumPubRestrictions":
            out["numPubRestrictions"] = int(value)
        elif field == "PurposeId":
            restrictions.append({"purpose": int(value), "type": None, "entries": []})
            entries = restrictions[-1]["entries"]
        elif field == "RestrictionType":
            restrictions[-1]["type"] = int(value)
        elif field == "StartOrOnlyVendorId":
            entries.append((int(value), int(value)))
        elif field == "EndVendorId":
            entries[-1] = (entries[-1][0], int(value))
    core = [x for x in sections if x["segment"] == 0]
    out["consent"], out["interests"] = core
    out["restrictions"] = [(r["purpose"], r["type"], r["entries"]) for r in restrictions]
    return out


def layout_fields(c):
    """The layout fields iab-tcf exposes, in the shape `layout` returns."""
    def section(maximum, is_range, ranges):
        return {"max": maximum, "range": is_range, "entries": ranges() if is_range else []}
    return {
        "consent": section(c.max_consent_vendor_id, c.is_consent_range_encoding,
                           lambda: c.consented_vendors_range),
        "interests": section(c.max_interests_vendor_id, c.is_interests_range_encoding,
                             lambda: c.interests_vendors_range),
        "numPubRestrictions": c.num_pub_restrictions,
        "restrictions": [(e.purpose_id, e.restriction_type, e.restrictions_range) for e in c.pub_restriction_entries],
    }


disagreements = 0
compared = 0
range_sections = 0
for text, mine in zip(strings, ours):
    consent = iab_tcf.decode_v2(text)
    range_sections += consent.is_consent_range_encoding + consent.is_interests_range_encoding
    theirs = fields(consent)
    mine = dict(mine, created=seconds(mine["created"]), lastUpdated=seconds(mine["lastUpdated"]))
    mine_layout, their_layout = layout(text), layout_fields(consent)
    for section in ("consent", "interests"):
        del mine_layout[section]["segment"]
    for key, value in their_layout.items():
        theirs["layout." + key] = value
        mine["layout." + key] = mine_layout[key]
    for key, value in theirs.items():
        compared += 1
        if mine[key] != value:
            disagreements += 1
            if disagreements <= 10:
                print(f"DISAGREE {key}: ours {str(mine[key])[:120]} iab-tcf {str(value)[:120]}\n  {text[:100]}")
features = {
    "range-encoded vendor sections": range_sections,
    "with publisher restrictions": sum(bool(o["publisherRestrictions"]) for o in ours),
    "with disclosed vendors": sum(o["disclosedVendors"] is not None for o in ours),
    "with allowed vendors": sum(o["allowedVendors"] is not None for o in ours),
    "with publisher TC": sum(o["publisherTC"] is not None for o in ours),
    "with custom purposes": sum(bool(o["publisherTC"] and o["publisherTC"]["numCustomPurposes"]) for o in ours),
}
print(f"{count} random strings (seed {seed}), {compared} field comparisons, {disagreements} disagreements")
print("coverage: " + ", ".join(f"{v} {k}" for k, v in features.items()))
sys.exit(1 if disagreements else 0)
