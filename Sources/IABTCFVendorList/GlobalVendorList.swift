public import IABTCF

/// A Global Vendor List (GVL): the purposes, features, stacks and registered vendors a TC string's
/// ids refer to, parsed from its JSON (GVL specification 2 or 3).
///
/// ```swift
/// let gvl = try GlobalVendorList(json: text)       // vendor-list.json
/// gvl.vendorListVersion                            // 17
/// gvl.vendors[755]?.name                           // "Google Advertising Products"
/// gvl.vendors(declaring: 2, on: .legitimateInterest).contains(755)  // true
/// ```
///
/// Besides the JSON's content, the list keeps each purpose's declarations as `VendorSet`s
/// (vendors declaring purpose P on consent, on legitimate interest, as flexible), so that a
/// decision over every vendor (``IABTCF/TCString/permissions(in:)``) is a handful of word-wise operations.
///
/// Parsing is strict and bounded: see ``init(json:maxBytes:)``.
public struct GlobalVendorList: Sendable, Hashable {
    /// `gvlSpecificationVersion`: 2 (TCF v2.0/2.1) or 3 (TCF v2.2 on).
    public let specificationVersion: Int
    /// `vendorListVersion`: the version a TC string's VendorListVersion refers to.
    public let vendorListVersion: Int
    /// `tcfPolicyVersion`: the policy version the list was published under.
    public let tcfPolicyVersion: Int
    /// `lastUpdated`, as written (ISO 8601, e.g. `2023-09-07T16:07:28Z`); empty when absent.
    public let lastUpdated: String
    /// `purposes`, by id.
    public let purposes: [Int: Definition]
    /// `specialPurposes`, by id.
    public let specialPurposes: [Int: Definition]
    /// `features`, by id.
    public let features: [Int: Definition]
    /// `specialFeatures`, by id.
    public let specialFeatures: [Int: Definition]
    /// `stacks`, by id.
    public let stacks: [Int: Stack]
    /// `dataCategories` (specification 3), by id; empty for specification 2.
    public let dataCategories: [Int: Definition]
    /// `standardTexts` (lists from version 169, July 2026, under Policy 5.0.b): the standard texts
    /// a notice shows, by name (e.g. `features`); empty for older lists.
    public let standardTexts: [String: String]
    /// `vendors`, by id, deleted vendors included (see ``Vendor/deletedDate``).
    public let vendors: [Int: Vendor]

    /// The ids of every vendor in the list, deleted ones included.
    public let vendorIds: VendorSet
    /// The ids of the vendors with a `deletedDate`.
    public let deletedVendorIds: VendorSet

    /// Per purpose id (index 0 unused, up to `PurposeSet.maxID`): vendors declaring it on consent,
    /// on legitimate interest, as flexible, and declaring the special purpose of that id.
    let consentDeclarations: [VendorSet]
    let legitimateInterestDeclarations: [VendorSet]
    let flexibleDeclarations: [VendorSet]
    let specialPurposeDeclarations: [VendorSet]
    /// Per special feature id (index 0 unused, up to `SpecialFeatureSet.maxID`).
    let specialFeatureDeclarations: [VendorSet]

    /// How a vendor declares a purpose in the list.
    public enum Declaration: Sendable, Hashable, CaseIterable {
        /// In `purposes`: processed on consent.
        case consent
        /// In `legIntPurposes`: processed on legitimate interest.
        case legitimateInterest
        /// In `flexiblePurposes`: the publisher may switch its basis with a restriction.
        case flexible
    }

    /// The vendors declaring `purpose` with `declaration` (empty for an unknown purpose).
    public func vendors(declaring purpose: Int, on declaration: Declaration) -> VendorSet {
        guard (1...PurposeSet.maxID).contains(purpose) else { return VendorSet() }
        switch declaration {
        case .consent: return consentDeclarations[purpose]
        case .legitimateInterest: return legitimateInterestDeclarations[purpose]
        case .flexible: return flexibleDeclarations[purpose]
        }
    }

    /// The vendors declaring special purpose `id`.
    public func vendors(declaringSpecialPurpose id: Int) -> VendorSet {
        (1...PurposeSet.maxID).contains(id) ? specialPurposeDeclarations[id] : VendorSet()
    }

    /// The vendors declaring special feature `id`.
    public func vendors(declaringSpecialFeature id: Int) -> VendorSet {
        (1...SpecialFeatureSet.maxID).contains(id) ? specialFeatureDeclarations[id] : VendorSet()
    }

    init(
        header: Header,
        definitions: Definitions,
        vendors: [Int: Vendor]
    ) {
        specificationVersion = header.specificationVersion
        vendorListVersion = header.vendorListVersion
        tcfPolicyVersion = header.tcfPolicyVersion
        lastUpdated = header.lastUpdated
        purposes = definitions.purposes
        specialPurposes = definitions.specialPurposes
        features = definitions.features
        specialFeatures = definitions.specialFeatures
        stacks = definitions.stacks
        dataCategories = definitions.dataCategories
        standardTexts = definitions.standardTexts
        self.vendors = vendors

        // One pass over the vendors sets bits straight into word arrays sized for the highest id.
        let wordCount = ((vendors.keys.max() ?? 0) &+ 63) &>> 6
        let purposeCount = PurposeSet.maxID &+ 1
        var all = [UInt64](repeating: 0, count: wordCount)
        var deleted = all
        var planes = [[UInt64]](repeating: all, count: 4 &* purposeCount)
        var featurePlanes = [[UInt64]](repeating: all, count: SpecialFeatureSet.maxID &+ 1)
        for (id, vendor) in vendors {
            let word = (id &- 1) &>> 6
            let bit = (1 as UInt64) &<< UInt64(63 &- ((id &- 1) & 63))
            all[word] |= bit
            if vendor.deletedDate != nil { deleted[word] |= bit }
            for (plane, ids) in [
                vendor.purposes, vendor.legIntPurposes, vendor.flexiblePurposes, vendor.specialPurposes,
            ]
            .enumerated() {
                for purpose in ids { planes[plane &* purposeCount &+ purpose][word] |= bit }
            }
            for feature in vendor.specialFeatures { featurePlanes[feature][word] |= bit }
        }
        vendorIds = VendorSet(words: all)
        deletedVendorIds = VendorSet(words: deleted)
        func sets(_ plane: Int) -> [VendorSet] {
            (0..<purposeCount).map { VendorSet(words: planes[plane &* purposeCount &+ $0]) }
        }
        consentDeclarations = sets(0)
        legitimateInterestDeclarations = sets(1)
        flexibleDeclarations = sets(2)
        specialPurposeDeclarations = sets(3)
        specialFeatureDeclarations = featurePlanes.map { VendorSet(words: $0) }
    }
}

extension GlobalVendorList {
    /// A purpose, special purpose, feature, special feature or data category: its id and texts.
    public struct Definition: Sendable, Hashable {
        /// `id`.
        public var id: Int
        /// `name`.
        public var name: String
        /// `description`.
        public var description: String
        /// `illustrations` (specification 3); empty when absent.
        public var illustrations: [String]
        /// `descriptionLegal` (specification 2); `nil` when absent.
        public var descriptionLegal: String?

        /// Creates a definition.
        public init(
            id: Int,
            name: String,
            description: String = "",
            illustrations: [String] = [],
            descriptionLegal: String? = nil
        ) {
            self.id = id
            self.name = name
            self.description = description
            self.illustrations = illustrations
            self.descriptionLegal = descriptionLegal
        }
    }

    /// A stack: a named group of purposes and special features a CMP may present together.
    public struct Stack: Sendable, Hashable {
        /// `id`.
        public var id: Int
        /// `name`.
        public var name: String
        /// `description`.
        public var description: String
        /// `purposes`.
        public var purposes: [Int]
        /// `specialFeatures`.
        public var specialFeatures: [Int]
        /// `specialPurposes` (found in some lists); empty when absent.
        public var specialPurposes: [Int]

        /// Creates a stack.
        public init(
            id: Int,
            name: String,
            description: String = "",
            purposes: [Int] = [],
            specialFeatures: [Int] = [],
            specialPurposes: [Int] = []
        ) {
            self.id = id
            self.name = name
            self.description = description
            self.purposes = purposes
            self.specialFeatures = specialFeatures
            self.specialPurposes = specialPurposes
        }
    }

    /// A registered vendor's entry.
    public struct Vendor: Sendable, Hashable {
        /// `id`.
        public var id: Int
        /// `name`.
        public var name: String
        /// `purposes`: the purposes processed on consent.
        public var purposes: PurposeSet
        /// `legIntPurposes`: the purposes processed on legitimate interest.
        public var legIntPurposes: PurposeSet
        /// `flexiblePurposes`: the purposes whose basis a publisher restriction may switch.
        public var flexiblePurposes: PurposeSet
        /// `specialPurposes`.
        public var specialPurposes: PurposeSet
        /// `features`.
        public var features: [Int]
        /// `specialFeatures`.
        public var specialFeatures: SpecialFeatureSet
        /// `deletedDate`, as written; a vendor that has one has left the list and has no basis at all.
        public var deletedDate: String?
        /// `usesCookies` (specification 3).
        public var usesCookies: Bool?
        /// `cookieMaxAgeSeconds` (specification 3); `nil` when absent or `null`.
        public var cookieMaxAgeSeconds: Int?
        /// `cookieRefresh` (specification 3).
        public var cookieRefresh: Bool?
        /// `usesNonCookieAccess` (specification 3).
        public var usesNonCookieAccess: Bool?
        /// `dataRetention` (specification 3).
        public var dataRetention: DataRetention?
        /// `urls` (specification 3): the privacy and legitimate-interest claim pages per language.
        public var urls: [URLs]
        /// `policyUrl` (specification 2).
        public var policyUrl: String?
        /// `deviceStorageDisclosureUrl`.
        public var deviceStorageDisclosureUrl: String?
        /// `dataDeclaration` (specification 3): the data category ids.
        public var dataDeclaration: [Int]

        /// Whether the vendor has left the list (it has a ``deletedDate``).
        public var isDeleted: Bool { deletedDate != nil }

        /// Creates a vendor entry.
        public init(
            id: Int,
            name: String,
            purposes: PurposeSet = [],
            legIntPurposes: PurposeSet = [],
            flexiblePurposes: PurposeSet = [],
            specialPurposes: PurposeSet = [],
            features: [Int] = [],
            specialFeatures: SpecialFeatureSet = [],
            deletedDate: String? = nil
        ) {
            self.id = id
            self.name = name
            self.purposes = purposes
            self.legIntPurposes = legIntPurposes
            self.flexiblePurposes = flexiblePurposes
            self.specialPurposes = specialPurposes
            self.features = features
            self.specialFeatures = specialFeatures
            self.deletedDate = deletedDate
            urls = []
            dataDeclaration = []
        }
    }

    /// A vendor's `dataRetention`: days of retention, standard and per purpose.
    public struct DataRetention: Sendable, Hashable {
        /// `stdRetention`, in days; `nil` when absent.
        public var standard: Int?
        /// `purposes`: purpose id to days.
        public var purposes: [Int: Int]
        /// `specialPurposes`: special purpose id to days.
        public var specialPurposes: [Int: Int]

        /// Creates a retention declaration.
        public init(standard: Int? = nil, purposes: [Int: Int] = [:], specialPurposes: [Int: Int] = [:]) {
            self.standard = standard
            self.purposes = purposes
            self.specialPurposes = specialPurposes
        }
    }

    /// One entry of a vendor's `urls`.
    public struct URLs: Sendable, Hashable {
        /// `langId`, e.g. `en`.
        public var language: String
        /// `privacy`: the privacy policy page.
        public var privacy: String?
        /// `legIntClaim`: the page stating the legitimate interest claimed.
        public var legitimateInterestClaim: String?

        /// Creates a URL entry.
        public init(language: String, privacy: String? = nil, legitimateInterestClaim: String? = nil) {
            self.language = language
            self.privacy = privacy
            self.legitimateInterestClaim = legitimateInterestClaim
        }
    }

    /// The version fields of a list or translation file.
    struct Header {
        var specificationVersion = 0
        var vendorListVersion = 0
        var tcfPolicyVersion = 0
        var lastUpdated = ""
    }

    /// The definition tables shared by a list and its translation files.
    struct Definitions {
        var purposes: [Int: Definition] = [:]
        var specialPurposes: [Int: Definition] = [:]
        var features: [Int: Definition] = [:]
        var specialFeatures: [Int: Definition] = [:]
        var stacks: [Int: Stack] = [:]
        var dataCategories: [Int: Definition] = [:]
        var standardTexts: [String: String] = [:]
    }
}

/// A per-language translation of a vendor list's definitions (`purposes-fr.json`): the same
/// purposes, special purposes, features, special features, stacks and data categories, in
/// another language, without vendors. Apply it with ``GlobalVendorList/translated(_:)``.
public struct GlobalVendorListTranslation: Sendable {
    /// `gvlSpecificationVersion`.
    public let specificationVersion: Int
    /// `vendorListVersion`.
    public let vendorListVersion: Int
    /// `tcfPolicyVersion`.
    public let tcfPolicyVersion: Int
    /// `lastUpdated`, as written.
    public let lastUpdated: String
    /// `purposes`, by id.
    public let purposes: [Int: GlobalVendorList.Definition]
    /// `specialPurposes`, by id.
    public let specialPurposes: [Int: GlobalVendorList.Definition]
    /// `features`, by id.
    public let features: [Int: GlobalVendorList.Definition]
    /// `specialFeatures`, by id.
    public let specialFeatures: [Int: GlobalVendorList.Definition]
    /// `stacks`, by id.
    public let stacks: [Int: GlobalVendorList.Stack]
    /// `dataCategories`, by id.
    public let dataCategories: [Int: GlobalVendorList.Definition]
    /// `standardTexts`, by name (the English list may have none).
    public let standardTexts: [String: String]

    init(header: GlobalVendorList.Header, definitions: GlobalVendorList.Definitions) {
        specificationVersion = header.specificationVersion
        vendorListVersion = header.vendorListVersion
        tcfPolicyVersion = header.tcfPolicyVersion
        lastUpdated = header.lastUpdated
        purposes = definitions.purposes
        specialPurposes = definitions.specialPurposes
        features = definitions.features
        specialFeatures = definitions.specialFeatures
        stacks = definitions.stacks
        dataCategories = definitions.dataCategories
        standardTexts = definitions.standardTexts
    }
}

extension GlobalVendorList {
    /// This list with the texts of `translation` in place of its own: each purpose, special
    /// purpose, feature, special feature, stack and data category the translation defines takes
    /// its name, description, illustrations and legal description, and each standard text it has
    /// replaces the list's; the rest keep theirs. Vendors and declarations are unchanged.
    public func translated(_ translation: GlobalVendorListTranslation) -> GlobalVendorList {
        func merge<T>(_ own: [Int: T], _ other: [Int: T]) -> [Int: T] { own.merging(other) { $1 } }
        var definitions = Definitions()
        definitions.purposes = merge(purposes, translation.purposes)
        definitions.specialPurposes = merge(specialPurposes, translation.specialPurposes)
        definitions.features = merge(features, translation.features)
        definitions.specialFeatures = merge(specialFeatures, translation.specialFeatures)
        definitions.stacks = merge(stacks, translation.stacks)
        definitions.dataCategories = merge(dataCategories, translation.dataCategories)
        definitions.standardTexts = standardTexts.merging(translation.standardTexts) { $1 }
        var copy = self
        copy.replaceDefinitions(definitions)
        return copy
    }

    private mutating func replaceDefinitions(_ definitions: Definitions) {
        self = GlobalVendorList(copying: self, definitions: definitions)
    }

    private init(copying list: GlobalVendorList, definitions: Definitions) {
        specificationVersion = list.specificationVersion
        vendorListVersion = list.vendorListVersion
        tcfPolicyVersion = list.tcfPolicyVersion
        lastUpdated = list.lastUpdated
        purposes = definitions.purposes
        specialPurposes = definitions.specialPurposes
        features = definitions.features
        specialFeatures = definitions.specialFeatures
        stacks = definitions.stacks
        dataCategories = definitions.dataCategories
        standardTexts = definitions.standardTexts
        vendors = list.vendors
        vendorIds = list.vendorIds
        deletedVendorIds = list.deletedVendorIds
        consentDeclarations = list.consentDeclarations
        legitimateInterestDeclarations = list.legitimateInterestDeclarations
        flexibleDeclarations = list.flexibleDeclarations
        specialPurposeDeclarations = list.specialPurposeDeclarations
        specialFeatureDeclarations = list.specialFeatureDeclarations
    }
}
