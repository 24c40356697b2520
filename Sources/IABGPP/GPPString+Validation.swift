/// One problem ``GPPString/validate()`` finds: which section and field, and which rule.
public struct GPPFinding: Sendable, Hashable {
    /// The rules validation applies, each to a value that decodes and encodes as it is.
    public enum Rule: String, Sendable, Hashable {
        /// MspaCoveredTransaction is 1 (yes) or 2 (no); 0 "is not a value" in any US table.
        case mspaCoveredTransaction
        /// MspaOptOutOptionMode and MspaServiceProviderMode are not both 1: a covered
        /// transaction is in one mode or the other.
        case mspaModes
        /// An opt-out recorded without its notice: a SaleOptOut, SharingOptOut or
        /// TargetedAdvertisingOptOut other than 0 while its notice is 0 (not applicable), or 2 ("did
        /// not opt out") while its notice is 2 (no notice was given).
        case optOutWithoutNotice
        /// A value the section's table marks reserved: 3 in an Int(2) notice, opt-out, consent or
        /// MSPA field of a US section (their tables define 0, 1 and 2 only), or restriction type
        /// 3 ("undefined") in TCF Canada's PubRestrictions.
        case reservedValue
        /// The value was read under ``GPPCompatibilityRule/usnatVersion1WithVersion2Widths``: the
        /// string says Version 1 but has Version 2's widths. Re-encode with Version 2.
        case compatibilityReading
        /// TCF Canada bits that read both ways, to different values (``TCFCanadaSection/isAmbiguous``).
        case ambiguousEncoding
        /// `IABGPP_GppSID` lists a section the string does not hold (CMP API, "In-App Details":
        /// the ids of the sections in force, joined by `_`).
        case gppSIDSectionMissing
        /// The header's section ids are not ascending and unique ("items MUST be in sorted order").
        case sectionIDs
        /// The section does not decode (``GPPString/failedSections``): `field` is the field its
        /// error names. The other sections were read and checked.
        case sectionUnreadable
    }

    /// The section id (3 for the header).
    public var sectionId: Int
    /// The field, by its specification name, when the rule is about one.
    public var field: String?
    /// The rule.
    public var rule: Rule

    /// A finding.
    public init(sectionId: Int, field: String?, rule: Rule) {
        self.sectionId = sectionId
        self.field = field
        self.rule = rule
    }

    /// The section's API prefix (`usnat`…), `header` for 3.
    public var sectionName: String { sectionId == 3 ? "header" : GPPSection.name(of: sectionId) ?? String(sectionId) }

    /// Where the finding is and what its rule says, in words: `section 7 (usnat), field
    /// MspaCoveredTransaction: MspaCoveredTransaction is 1 (yes) or 2 (no); 0 is not a value`. The
    /// header is called the header (`header, field Sections: …`), never section 3.
    public var message: String {
        let place = sectionId == 3 ? "header" : "section \(sectionId) (\(sectionName))"
        return place + (field.map { ", field \($0)" } ?? "") + ": " + rule.explanation
    }
}

extension GPPFinding.Rule {
    /// What the rule says, in words.
    public var explanation: String {
        switch self {
        case .mspaCoveredTransaction: "MspaCoveredTransaction is 1 (yes) or 2 (no); 0 is not a value"
        case .mspaModes: "MspaOptOutOptionMode and MspaServiceProviderMode are both 1 (yes)"
        case .optOutWithoutNotice: "an opt-out is recorded without its notice"
        case .reservedValue: "a value the section's table does not define (reserved)"
        case .compatibilityReading:
            "Version 1 with Version 2's widths, read under the compatibility rule usnatVersion1WithVersion2Widths; "
                + "re-encode it with Version 2"
        case .ambiguousEncoding: "the bits also read as the legacy fixed-width encoding, to a different value"
        case .gppSIDSectionMissing: "IABGPP_GppSID lists this section but the string does not hold it"
        case .sectionIDs: "the header's section ids are not ascending and unique"
        case .sectionUnreadable: "the section does not decode; the other sections were read"
        }
    }
}

extension GPPString {
    /// Checks the rules of ``GPPFinding/Rule`` that decoding does not enforce (a string that breaks
    /// them still decodes and re-encodes as it is).
    ///
    /// - Returns: the findings, in section order then table order; empty when every rule holds.
    public func validate() -> [GPPFinding] {
        var findings: [GPPFinding] = []
        let ids = sectionIds
        if !zip(ids, ids.dropFirst()).allSatisfy({ $0 < $1 }) {
            findings.append(GPPFinding(sectionId: 3, field: "Sections", rule: .sectionIDs))
        }
        var failed = failedSections[...]
        func unreadable(_ failure: GPPFailedSection) -> GPPFinding {
            GPPFinding(sectionId: failure.id, field: failure.error.field, rule: .sectionUnreadable)
        }
        for section in sections {
            while let failure = failed.first, failure.id < section.id {
                findings.append(unreadable(failure))
                failed = failed.dropFirst()
            }
            switch section {
            case .us(let us): findings += us.validate()
            case .tcfCaV1(let canada): findings += canada.validate()
            default: break
            }
        }
        return findings + failed.map(unreadable)
    }
}

extension GPPString {
    /// ``validate()``, plus the ids of `gppSID` (the `IABGPP_GppSID` value: ids joined by `_`, as
    /// in `2_7`; `,` and spaces are read too, as some apps write them) that the string lacks.
    ///
    /// - Returns: ``validate()``'s findings, then one ``GPPFinding/Rule/gppSIDSectionMissing``
    ///   finding per missing id (`field` is `IABGPP_GppSID`).
    public func validate(gppSID: String) -> [GPPFinding] {
        let listed = gppSID.split { $0 == "_" || $0 == "," || $0 == " " }.compactMap { Int($0) }
        let ids = Set(sectionIds)
        var missing: [Int] = []
        for id in listed where !ids.contains(id) && !missing.contains(id) { missing.append(id) }
        return validate()
            + missing.map { GPPFinding(sectionId: $0, field: "IABGPP_GppSID", rule: .gppSIDSectionMissing) }
    }
}

extension USSection {
    /// The section's findings (see ``GPPFinding/Rule``).
    public func validate() -> [GPPFinding] {
        let id = definition.id
        var findings: [GPPFinding] = []
        if compatibility != nil {
            findings.append(GPPFinding(sectionId: id, field: GPPField.version.name, rule: .compatibilityReading))
        }
        func int(_ name: String) -> Int? { self[name]?.int }
        for (field, value) in zip(coreFields, core) {
            if value.int == 3 || value.list?.contains(3) == true, field.type == .int(2) || field.type.isIntList {
                findings.append(GPPFinding(sectionId: id, field: field.name, rule: .reservedValue))
            }
        }
        if let covered = int("MspaCoveredTransaction"), covered != 1 && covered != 2 {
            findings.append(GPPFinding(sectionId: id, field: "MspaCoveredTransaction", rule: .mspaCoveredTransaction))
        }
        if int("MspaOptOutOptionMode") == 1 && int("MspaServiceProviderMode") == 1 {
            findings.append(GPPFinding(sectionId: id, field: "MspaServiceProviderMode", rule: .mspaModes))
        }
        for optOut in ["SaleOptOut", "SharingOptOut", "TargetedAdvertisingOptOut"] {
            guard let choice = int(optOut), let notice = int(optOut + "Notice") else { continue }
            if notice == 0 && choice != 0 || notice == 2 && choice == 2 {
                findings.append(GPPFinding(sectionId: id, field: optOut, rule: .optOutWithoutNotice))
            }
        }
        return findings
    }
}

extension GPPDataType {
    /// Whether the type is a fixed list of Int(2).
    var isIntList: Bool { if case .intList = self { true } else { false } }
}

extension TCFCanadaSection {
    /// The section's findings (see ``GPPFinding/Rule``).
    public func validate() -> [GPPFinding] {
        guard let records = self["PubRestrictions"]?.records, records.contains(where: { $0.type == 3 }) else {
            return []
        }
        return [GPPFinding(sectionId: 5, field: "PubRestrictions", rule: .reservedValue)]
    }
}
