// Prebid's activity rules for the US sections of a GPP string. Each rule quotes docs.prebid.org,
// "Prebid US Compliance Support" (features/mspa-usnat), section "USNat Activity Restrictions"
// ("This table documents the default blocks of boolean logic that indicate whether a given
// privacy activity is allowed or suppressed"), and follows Prebid.js's `libraries/mspa`
// activity controls where they say more than the table (US National Version 2, `MspaCoveredTransaction`
// 0). Where Prebid.js and Prebid Server differ, Prebid.js is followed; the one exception,
// `transmitEids`, is said at ``USActivity/transmitEids``.
public import IABGPP

/// A privacy-sensitive activity of Prebid's activity controls that the US rules restrict.
public enum USActivity: String, CaseIterable, Sendable, Hashable {
    /// `syncUser`: "Suppress usersyncs when activity is not allowed".
    case syncUser
    /// `enrichEids`: "Suppress the addition of EIDs when activity is not allowed."
    case enrichEids
    /// `enrichUfpd`: "Suppress the addition of User First Party Data when activity is not allowed."
    case enrichUfpd
    /// `transmitEids`: "Suppress the transmission of user.eids when activity is not allowed."
    /// The table gives it "(same as syncUser)", as Prebid Server applies it; Prebid.js's module
    /// restricts it only when the publisher lists it (`gpp.mspa.restrictActivities`, "treated in
    /// the same way as 'syncUser'"). Here it follows the table: an opt-out never lets the
    /// person's ids travel on.
    case transmitEids
    /// `transmitUfpd`: "Suppress the transmission or user.ext.data.*, user.data.*, and device IDs
    /// when the activity is not allowed."
    case transmitUfpd
    /// `transmitPreciseGeo`: "Round IP address and lat/long in both device.geo and user.geo when
    /// the activity is not allowed."
    case transmitPreciseGeo
}

/// What Prebid's US rules allow, for the US sections in force of a GPP string: each activity
/// allowed unless a section in force denies it, why, and what each section denies.
public struct USActivities: Sendable, Hashable {
    /// The activities no section in force denies.
    public var allowed: Set<USActivity>
    /// Why: each rule that denied something, each section in force that is missing, unreadable or
    /// of an unknown Version, and each US section not in force.
    public var reasons: [Reason]
    /// The US sections in force, in order, each with what it denies.
    public var sections: [Section]

    /// Whether `activity` is allowed.
    public func isAllowed(_ activity: USActivity) -> Bool { allowed.contains(activity) }

    /// The first section in force that was read, in US National terms (`tcstring activities --usnat`).
    public var usnat: USNationalFields? { sections.lazy.compactMap(\.usnat).first }

    /// One US section in force.
    public struct Section: Sendable, Hashable {
        /// The section id (6, or one of `USSectionDefinition.all`).
        public let id: Int
        /// Its API prefix (`usnat`, `usca`...).
        public let name: String
        /// The activities it denies, in ``USActivity`` order.
        public var denied: [USActivity]
        /// The section in US National terms, `nil` when missing or unreadable.
        public var usnat: USNationalFields?
    }

    /// Why an activity is denied, or a section does not decide.
    public enum Reason: Sendable, Hashable {
        /// A rule of Prebid's table held for the section (`SaleOptOut=1`,
        /// `KnownChildSensitiveDataConsents[2]<>0`), in US National terms, denying `denies`.
        case rule(sectionId: Int, section: String, rule: String, denies: [USActivity])
        /// A section in force that the string does not hold: every activity denied.
        case sectionMissing(sectionId: Int, section: String)
        /// A section in force that does not decode (`code`: the decoder's error code,
        /// `position`: its 1-based character): every activity denied.
        case sectionUnreadable(sectionId: Int, section: String, code: String, position: Int?)
        /// A section of a Version the rules do not know: every activity denied, as Prebid.js's
        /// `unsupported consent specification version`.
        case unknownVersion(sectionId: Int, section: String, version: Int)
        /// A US section of the string that is not in force: it does not decide.
        case notInForce(sectionId: Int, section: String)
    }

    /// One section of the string as the rules see it: decoded, or failing with its error.
    public enum SectionInput: Sendable, Hashable {
        /// A decoded section.
        case decoded(GPPSection)
        /// Section `id` does not decode: `code` and 1-based `position` of its error.
        case unreadable(id: Int, code: String, position: Int?)

        /// The section id.
        public var id: Int {
            switch self {
            case .decoded(let section): section.id
            case .unreadable(let id, _, _): id
            }
        }
    }

    /// An answer as given.
    init(allowed: Set<USActivity>, reasons: [Reason], sections: [Section]) {
        (self.allowed, self.reasons, self.sections) = (allowed, reasons, sections)
    }

    /// The US sections: section 6 (US Privacy) and every section with a US table
    /// (`USSectionDefinition.all`), so a new state's row is a US section here too.
    public static let usSectionIds: Set<Int> = Set([6] + USSectionDefinition.all.keys)

    /// The answer for `sections` with the sections in force `inForce` (`IABGPP_GppSID`, `--gpp-sid`;
    /// `nil`: every US section of the string). A US section in force that `sections` lacks or
    /// cannot read denies every activity; ids outside ``usSectionIds`` in `inForce` are not US
    /// sections and do not count.
    public init(sections input: [SectionInput], inForce: [Int]?) {
        let sections = USSectionsInForce(input, inForce: inForce)
        allowed = Set(USActivity.allCases)
        reasons = []
        self.sections = []
        for (id, standing) in sections.inForce {
            let name = GPPSection.name(of: id) ?? String(id)
            var denied = Set<USActivity>()
            var usnat: USNationalFields?
            switch standing {
            case .missing:
                reasons.append(.sectionMissing(sectionId: id, section: name))
                denied = Set(USActivity.allCases)
            case .unreadable(let code, let position):
                reasons.append(.sectionUnreadable(sectionId: id, section: name, code: code, position: position))
                denied = Set(USActivity.allCases)
            case .decoded(let section):
                let fields: USNationalFields?
                let version: Int
                switch section {
                case .us(let us):
                    version = us.version
                    let known = us.definition.cores[us.version] != nil
                    fields = known ? USNationalFields(translating: us) : nil
                case .usPrivacy(let usp):
                    version = usp.version
                    fields = usp.version == 1 ? USNationalFields(translating: usp) : nil
                default: (fields, version) = (nil, 0)
                }
                guard let fields, USRules.knows(fields.version) else {
                    reasons.append(.unknownVersion(sectionId: id, section: name, version: version))
                    denied = Set(USActivity.allCases)
                    break
                }
                usnat = fields
                for clause in USRules.clauses(fields) {
                    reasons.append(.rule(sectionId: id, section: name, rule: clause.rule, denies: clause.denies))
                    denied.formUnion(clause.denies)
                }
            }
            allowed.subtract(denied)
            self.sections.append(
                Section(id: id, name: name, denied: USActivity.allCases.filter(denied.contains), usnat: usnat)
            )
        }
        for id in sections.notInForce where Self.usSectionIds.contains(id) {
            reasons.append(.notInForce(sectionId: id, section: GPPSection.name(of: id) ?? ""))
        }
    }
}

extension GPPString {
    /// Prebid's US activities for this string (``USActivities/init(sections:inForce:)``) with the
    /// sections in force `inForce` (`nil`: every US section of the string). A section that did not
    /// decode (`failedSections`) is unreadable: in force, it denies every activity.
    public func usActivities(inForce: [Int]? = nil) -> USActivities {
        USActivities(sections: usSectionInputs, inForce: inForce)
    }
}

/// The rules of docs.prebid.org's "USNat Activity Restrictions" table over a section in US
/// National terms, as Prebid.js's `libraries/mspa/activityControls` evaluates them: a value
/// compares equal only when present (NULL is never `=1` nor `=2`).
enum USRules {
    /// The US National Versions the rules know: Prebid.js refuses every other ("unsupported
    /// consent specification version").
    static func knows(_ version: Int) -> Bool { version == 1 || version == 2 }

    /// A rule that held and what it denies.
    struct Clause: Equatable {
        let rule: String
        let denies: [USActivity]
    }

    /// Every activity.
    static let all = USActivity.allCases
    /// "enrichEids | (same as syncUser)", "enrichUfpd | (same as syncUser)", "transmitEids |
    /// (same as syncUser)"; `transmitUfpd`'s rules start with syncUser's too.
    static let consent: [USActivity] = [.syncUser, .enrichEids, .enrichUfpd, .transmitEids, .transmitUfpd]

    /// The sensitive-data categories (1-based) of Version `version` that "should never be present in
    /// ad calls" ("Genetic (6), Biometric (7), Personal Info (9), Login/Credit Card (10), Email
    /// content (12)"), and for Version 2 Prebid.js's "status as victim of crime (version 2),
    /// status as transgender/nonbinary (version 2)": 14 and 16.
    static func cannotBeInScope(_ version: Int) -> [Int] {
        version == 2 ? [6, 7, 9, 10, 12, 14, 16] : [6, 7, 9, 10, 12]
    }

    /// Every category but precise geolocation (8), which `transmitPreciseGeo` reads.
    static func allExceptGeo(_ version: Int) -> [Int] { (1...(version == 2 ? 16 : 12)).filter { $0 != 8 } }

    /// The rules that held for `fields`, in the table's order.
    static func clauses(_ fields: USNationalFields) -> [Clause] {
        var clauses: [Clause] = []
        func rule(_ holds: Bool, _ rule: @autoclosure () -> String, _ denies: [USActivity]) {
            if holds { clauses.append(Clause(rule: rule(), denies: denies)) }
        }
        func value<Value: USInt2Value>(_ field: USField<Value>) -> Int? { fields[field] }
        func item(_ list: [Int?], _ position: Int) -> Int? { position <= list.count ? list[position - 1] : nil }
        let child = fields.knownChildSensitiveDataConsents
        let sensitive = fields.sensitiveDataProcessing

        // Every activity: "MspaServiceProviderMode=1 OR GPC=1 OR ... KnownChildSensitiveDataConsents[2]<>0
        // OR KnownChildSensitiveDataConsents[1]=1 OR PersonalDataConsents=2" begins each block of the
        // table (syncUser, transmitUfpd, transmitPreciseGeo): "In ServiceProvider mode, a publisher
        // has declared they don't use personal data, so Prebid can anonymize all aspects of the
        // request", "The Global Privacy Control flag means to anonymize everything", "If a child
        // 13-16 has not granted consent", "Do not accept consent from a child younger than 13",
        // "The CMP claims to have consent for an 'unrelated' activity. Prebid views this as a
        // logical impossibility and invalid CMP response". Prebid.js adds "minors 16+ who have not
        // given consent (added in usnat version 2)" and "covered cannot be zero".
        rule(value(.mspaServiceProviderMode) == 1, "MspaServiceProviderMode=1", all)
        rule(fields.gpc == true, "Gpc=1", all)
        rule(value(.personalDataConsents) == 2, "PersonalDataConsents=2", all)
        rule(item(child, 1) == 1, "KnownChildSensitiveDataConsents[1]=1", all)
        rule(item(child, 3) == 1, "KnownChildSensitiveDataConsents[3]=1", all)
        rule(item(child, 2).map { $0 != 0 } ?? false, "KnownChildSensitiveDataConsents[2]<>0", all)
        rule(value(.mspaCoveredTransaction) == 0, "MspaCoveredTransaction=0", all)

        // syncUser and the activities "(same as syncUser)", and transmitUfpd: "SaleOptOut=1 OR
        // SaleOptOutNotice=2 OR (SaleOptOutNotice=0 AND SaleOptOut=2) OR SharingNotice=2 OR
        // SharingOptOutNotice=2 OR (SharingOptOutNotice=0 AND SharingOptOut=2) OR (SharingNotice=0
        // AND SharingOptOut=2) OR SharingOptOut=1 OR TargetedAdvertisingOptOutNotice=2 OR
        // TargetedAdvertisingOptOut=1 OR (TargetedAdvertisingOptOutNotice=0 AND
        // TargetedAdvertisingOptOut=2)": "The user opted out of the sale of their data", "Notice was
        // not given to the user about opting out of the sale of their data", "The CMP claims that
        // notice was not needed, but at the same time claims consent was given".
        let scopes: [(String, USField<USOptOut>, USField<USNotice>)] = [
            ("Sale", .saleOptOut, .saleOptOutNotice), ("Sharing", .sharingOptOut, .sharingOptOutNotice),
            ("TargetedAdvertising", .targetedAdvertisingOptOut, .targetedAdvertisingOptOutNotice),
        ]
        for (scope, optOut, notice) in scopes {
            let (choice, told) = (value(optOut), value(notice))
            rule(choice == 1, "\(scope)OptOut=1", consent)
            rule(told == 2, "\(scope)OptOutNotice=2", consent)
            rule(told == 0 && choice == 2, "\(scope)OptOutNotice=0 AND \(scope)OptOut=2", consent)
        }
        rule(value(.sharingNotice) == 2, "SharingNotice=2", consent)
        rule(value(.sharingNotice) == 0 && value(.sharingOptOut) == 2, "SharingNotice=0 AND SharingOptOut=2", consent)

        // transmitUfpd and transmitPreciseGeo: "SensitiveDataProcessingOptOutNotice=2 OR
        // SensitiveDataLimitUseNotice=2": "Notice was not given to the user about opting out of
        // processing sensitive data", "... about limiting the use of their sensitive data".
        let notices: [(String, USField<USNotice>)] = [
            ("SensitiveDataProcessingOptOutNotice", .sensitiveDataProcessingOptOutNotice),
            ("SensitiveDataLimitUseNotice", .sensitiveDataLimitUseNotice),
        ]
        for (name, notice) in notices { rule(value(notice) == 2, "\(name)=2", [.transmitUfpd, .transmitPreciseGeo]) }
        let noNotice = notices.first { value($0.1) == 0 }?.0
        let version = fields.version
        // transmitUfpd: "Data of the following categories should never be present in ad calls. so
        // whether consented or not consented, anonymize UFPD if the CMP says they're present":
        // "SensitiveDataProcessing[6,7,9,10,12]=1 OR SensitiveDataProcessing[6,7,9,10,12]=2".
        let never = cannotBeInScope(version)
        for category in never where (item(sensitive, category) ?? 0) != 0 {
            rule(true, "SensitiveDataProcessing[\(category)]<>0", [.transmitUfpd])
        }
        // "The user has not consented to sharing data of categories 1-5 and 11":
        // "SensitiveDataProcessing[1-5,11]=1" (Version 2: every category but 8 and those above).
        for category in allExceptGeo(version) where !never.contains(category) && item(sensitive, category) == 1 {
            rule(true, "SensitiveDataProcessing[\(category)]=1", [.transmitUfpd])
        }
        // "((SensitiveDataProcessingOptOutNotice=0 OR SensitiveDataLimitUseNotice=0) AND
        // SensitiveDataProcessing[1-7,9-12]=2)": "The CMP claims that notice was not needed, but at
        // the same time claims consent was given".
        if let noNotice {
            for category in allExceptGeo(version) where item(sensitive, category) == 2 {
                rule(true, "\(noNotice)=0 AND SensitiveDataProcessing[\(category)]=2", [.transmitUfpd])
            }
        }
        // transmitPreciseGeo: "SensitiveDataProcessing[8]=1" ("Consent was not given for the use of
        // "precise geographic" information") and "((SensitiveDataProcessingOptOutNotice=0 OR
        // SensitiveDataLimitUseNotice=0) AND SensitiveDataProcessing[8]=2)".
        rule(item(sensitive, 8) == 1, "SensitiveDataProcessing[8]=1", [.transmitPreciseGeo])
        if let noNotice {
            rule(item(sensitive, 8) == 2, "\(noNotice)=0 AND SensitiveDataProcessing[8]=2", [.transmitPreciseGeo])
        }
        return clauses
    }
}
