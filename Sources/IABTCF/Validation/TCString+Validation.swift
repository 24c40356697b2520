/// A TCF policy rule that a decoded TC string can break.
///
/// Decoding never applies policy: a string from 2020 with TcfPolicyVersion 2 still decodes. These
/// rules are checked separately by ``TCString/validate()``, so each consumer decides what to enforce.
public struct PolicyRule: Hashable, Sendable, CustomStringConvertible {
    /// A stable identifier, e.g. `tcf22.legitimateInterestForbidden`.
    public let name: String

    package init(_ name: String) { self.name = name }

    /// The identifier.
    public var description: String { name }

    /// TCF 2.2: legitimate interest may not be the legal basis for purposes 1 and 3-6 (core and
    /// publisher purposes), read as
    /// ``TCFPolicy/purposesWithoutLegitimateInterest(policyVersion:created:)`` says.
    public static let legitimateInterestForbidden = PolicyRule("tcf22.legitimateInterestForbidden")
    /// TCF 2.2: strings created after 30 September 2023 need TcfPolicyVersion 4 or later.
    public static let policyVersionTooOld = PolicyRule("tcf22.policyVersionTooOld")
    /// TCF 2.3: strings created from 1 March 2026 must contain the Disclosed Vendors segment.
    public static let disclosedVendorsMissing = PolicyRule("tcf23.disclosedVendorsMissing")
    /// TCF 2.3: a vendor consent or legitimate-interest bit is set for a vendor absent from the
    /// string's Disclosed Vendors segment. Such a bit counts for nothing (a vendor not disclosed is
    /// allowed nothing; Prebid Server: "If ID was not disclosed to the user, treat the vendor as
    /// not consented to"), so the CMP that wrote it and the ad server that reads it disagree.
    public static let vendorNotDisclosed = PolicyRule("tcf23.vendorNotDisclosed")
    /// Global scope was abolished in 2021: IsServiceSpecific must be 1.
    public static let notServiceSpecific = PolicyRule("tcf.notServiceSpecific")
    /// Created and LastUpdated must hold the same UTC day.
    public static let createdDiffersFromLastUpdated = PolicyRule("tcf.createdDiffersFromLastUpdated")
    /// Created or LastUpdated is later than the day after the day ``TCString/validate(today:)`` is
    /// told is today: one day of clock skew is allowed, more is a choice from the future, which no
    /// flow reads as a choice (``TCString/isFutureDated(on:)``).
    public static let dateInFuture = PolicyRule("tcf.dateInFuture")
    /// Created or LastUpdated holds hours, minutes or seconds. IAB Europe's 2022 change made both a
    /// day-level timestamp: "hours, minutes and seconds will be zeroed out"; "The Created and
    /// LastUpdated fields will have the same value". Checked by ``TCString/validate(today:)``:
    /// strings written before the change carry the time of day.
    public static let timestampNotWholeDay = PolicyRule("tcf.timestampNotWholeDay")
    /// Only special features 1 and 2 exist.
    public static let undefinedSpecialFeature = PolicyRule("tcf.undefinedSpecialFeature")
    /// RestrictionType 3 is reserved; purpose ids must be 1-24.
    public static let invalidPublisherRestriction = PolicyRule("tcf.invalidPublisherRestriction")
    /// ConsentLanguage and PublisherCC letters must be A-Z.
    public static let invalidLetterCode = PolicyRule("tcf.invalidLetterCode")
    /// CmpId must be the id IAB Europe assigned to a registered CMP; 0 and 1 are assigned to none.
    ///
    /// The specification's Core String table says of CmpId: "A unique ID will be assigned to each
    /// Consent Management Platform" (IAB Tech Lab, *Transparency and Consent String with Global Vendor
    /// & CMP List Formats*, TCF v2). IAB Tech Lab's reference encoder, `@iabtcf/core`, refuses any
    /// CmpId that is not an integer greater than 1 ("as those are not valid", `TCModel.cmpId`).
    public static let cmpIdInvalid = PolicyRule("tcf.cmpIdInvalid")
    /// VendorListVersion must name the Global Vendor List used; no list has version 0.
    ///
    /// The specification's Core String table: VendorListVersion is the "Version of the GVL used to
    /// create this TC String". GVL versions count up from 1 with each published list
    /// (`@iabtcf/core` loads a numbered list only for versions greater than 0).
    public static let vendorListVersionInvalid = PolicyRule("tcf.vendorListVersionInvalid")
    /// Padding bits must be zero, and nothing may follow a segment's last field but zero padding
    /// (strict decoding refuses it: ``TCStringError/Code/nonZeroPadding``).
    public static let nonZeroPadding = PolicyRule("encoding.nonZeroPadding")
    /// `=` must be exact base64 padding, if present (strict decoding refuses it:
    /// ``TCStringError/Code/invalidPadding``).
    public static let invalidPadding = PolicyRule("encoding.invalidPadding")
    /// A segment of 4n+1 characters is not base64: its last character makes no byte (strict
    /// decoding refuses it: ``TCStringError/Code/invalidSegmentLength``).
    public static let invalidSegmentLength = PolicyRule("encoding.invalidSegmentLength")
}

/// One way a TC string breaks TCF policy.
public struct PolicyFinding: Hashable, Sendable, CustomStringConvertible {
    /// The rule broken.
    public var rule: PolicyRule
    /// What exactly is wrong, for people.
    public var message: String

    /// Creates a finding.
    package init(rule: PolicyRule, message: String) {
        self.rule = rule
        self.message = message
    }

    /// `rule: message`.
    public var description: String { "\(rule): \(message)" }
}

extension TCString {
    /// Whether ``validate()`` reports something strict decoding (``DecodingOptions/strict``)
    /// refuses: for a decoded value, strict decoding of the same input fails exactly when this is
    /// `true` (the fuzz target and the round-trip tests check it).
    var hasStrictFindings: Bool {
        let findings = validate()
        let rules: [PolicyRule] = [.nonZeroPadding, .invalidPadding, .invalidSegmentLength, .invalidLetterCode]
        return findings.contains { rules.contains($0.rule) }
            || publisherRestrictions.contains { !(1...PurposeSet.maxID).contains($0.purposeId) }
    }

    /// Checks the TCF 2.2 and 2.3 policy rules that the string itself can break, and returns every
    /// finding (empty when the string follows them all). Decoding never applies these rules.
    ///
    /// For a decoded value it also reports what lenient decoding accepted but strict decoding
    /// (``DecodingOptions/strict``) refuses, so that a lenient decode is never silent about it:
    /// letters outside A-Z, restriction PurposeIds outside 1-24, and, from the wire layout, set
    /// padding bits or data after a segment's last field, inexact `=` padding, 4n+1 segment lengths.
    public func validate() -> [PolicyFinding] {
        var findings: [PolicyFinding] = []
        func report(_ rule: PolicyRule, _ message: String) {
            findings.append(PolicyFinding(rule: rule, message: message))
        }
        let noLegitimateInterest = purposesWithoutLegitimateInterest
        let coreLI = purposeLegitimateInterests.intersection(noLegitimateInterest)
        if !coreLI.isEmpty {
            report(.legitimateInterestForbidden, "PurposesLITransparency sets purposes \(coreLI); 1 and 3-6 must be 0")
        }
        if let publisherTC {
            let publisherLI = publisherTC.purposeLegitimateInterests.intersection(noLegitimateInterest)
            if !publisherLI.isEmpty {
                report(
                    .legitimateInterestForbidden,
                    "PubPurposesLITransparency sets purposes \(publisherLI); 1 and 3-6 must be 0"
                )
            }
        }
        if created >= TCFPolicy.tcf22PolicyVersionCutoff && policyVersion < TCFPolicy.tcf22PolicyVersion {
            report(
                .policyVersionTooOld,
                "TcfPolicyVersion \(policyVersion) on a string created \(created); \(TCFPolicy.tcf22PolicyVersion) or later is required after \(TCFPolicy.tcf22LastDayBefore)"
            )
        }
        if lacksRequiredDisclosedVendors {
            report(
                .disclosedVendorsMissing,
                "no Disclosed Vendors segment on a string created \(created); required from 2026-03-01"
            )
        }
        if let disclosedVendors {
            for (bits, field) in [
                (vendorConsents, "VendorConsents"), (vendorLegitimateInterests, "VendorLegitimateInterests"),
            ] {
                let undisclosed = bits.subtracting(disclosedVendors)
                if !undisclosed.isEmpty {
                    report(
                        .vendorNotDisclosed,
                        "\(field) sets vendors \(undisclosed), which the Disclosed Vendors segment does not list"
                    )
                }
            }
        }
        if !isServiceSpecific {
            report(.notServiceSpecific, "IsServiceSpecific is 0; global-scope strings are invalid since 2021-09-01")
        }
        if created.startOfDay != lastUpdated.startOfDay {
            report(
                .createdDiffersFromLastUpdated,
                "Created \(created) and LastUpdated \(lastUpdated) are different days"
            )
        }
        var undefinedFeatures = specialFeatureOptIns
        undefinedFeatures.subtract(TCFPolicy.definedSpecialFeatures)
        if !undefinedFeatures.isEmpty {
            report(.undefinedSpecialFeature, "SpecialFeatureOptIns sets \(undefinedFeatures); only 1 and 2 exist")
        }
        let purposeIds = PublisherRestriction.SchemaKey.purposeId.values
        for restriction in publisherRestrictions {
            if restriction.restrictionType == .undefined {
                report(
                    .invalidPublisherRestriction,
                    "purpose \(restriction.purposeId) has the reserved RestrictionType 3"
                )
            }
            if !purposeIds.contains(restriction.purposeId) {
                report(.invalidPublisherRestriction, "PurposeId \(restriction.purposeId) is outside \(purposeIds.text)")
            }
        }
        for (code, field) in [(consentLanguage, "ConsentLanguage"), (publisherCountryCode, "PublisherCC")]
        where !code.isValid {
            report(.invalidLetterCode, "\(field) holds a value outside A-Z (raw \(code.rawValue))")
        }
        if cmpId < TCFPolicy.registeredCmpIds.lowerBound {
            report(.cmpIdInvalid, "CmpId is \(cmpId); IDs 0 and 1 are not assigned to registered CMPs")
        }
        if vendorListVersion == 0 {
            report(.vendorListVersionInvalid, "VendorListVersion is 0; Global Vendor List versions start at 1")
        }
        for (index, packed) in wire.segments.enumerated() {
            let segment = WireLayout.Segment(packed: packed)
            if let padding = wire.padding(of: index, in: words), let word = padding.firstIndex(where: { $0 != 0 }) {
                let bit = segment.contentBits + (word - padding.startIndex) * 64 + padding[word].leadingZeroBitCount
                report(
                    .nonZeroPadding,
                    "segment \(index) has bit \(bit) set, after its last field (which ends at bit \(segment.contentBits))"
                )
            }
            switch WireLayout.base64Problem(segment) {
            case .invalidSegmentLength?:
                report(
                    .invalidSegmentLength,
                    "segment \(index) has \(segment.characters) characters (4n+1); its last character makes no byte"
                )
            case .invalidPadding?:
                report(
                    .invalidPadding,
                    "segment \(index) has \(segment.characters) characters and \(segment.equalsSigns) '=', not exact base64 padding"
                )
            default: break
            }
        }
        return findings
    }
}

extension TCString {
    /// The days of clock skew ``isFutureDated(on:)`` and ``validate(today:)`` allow: a string dated
    /// tomorrow may come from a device whose clock runs ahead.
    public static let allowedClockSkewDays = 1

    /// Whether Created or LastUpdated falls after the day after `today` (UTC days; one day of clock
    /// skew is allowed, ``allowedClockSkewDays``). Such a string records no choice the person made:
    /// the consent flows read it as none, and ``validate(today:)`` flags it.
    public func isFutureDated(on today: Timestamp) -> Bool {
        let day: Int64 = 864_000
        let firstFutureDay = today.startOfDay.deciseconds + Int64(1 + Self.allowedClockSkewDays) * day
        return created.deciseconds >= firstFutureDay || lastUpdated.deciseconds >= firstFutureDay
    }

    /// ``validate()`` and the rules that need today's date: ``PolicyRule/dateInFuture`` for a
    /// Created or LastUpdated after the day after `today` (one day of clock skew allowed), and
    /// ``PolicyRule/timestampNotWholeDay`` for a Created or LastUpdated that is not midnight UTC.
    public func validate(today: Timestamp) -> [PolicyFinding] {
        var findings = validate()
        if isFutureDated(on: today) {
            findings.append(
                PolicyFinding(
                    rule: .dateInFuture,
                    message:
                        "Created \(created) or LastUpdated \(lastUpdated) is after \(today.startOfDay) by more than \(Self.allowedClockSkewDays) day"
                )
            )
        }
        for (field, value) in [("Created", created), ("LastUpdated", lastUpdated)] where value != value.startOfDay {
            findings.append(
                PolicyFinding(rule: .timestampNotWholeDay, message: "\(field) \(value) is not midnight UTC")
            )
        }
        return findings
    }
}
