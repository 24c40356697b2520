import IABTCF

/// A JSON document that does not describe a TC string.
struct ModelError: Error, CustomStringConvertible {
    let description: String
}

/// Reading the decode schema back into a model (`tcstring encode` and the fixture tests).
///
/// Missing keys take defaults: `created` = the start of `today` (UTC), `lastUpdated` = `created`,
/// numbers 0 except `policyVersion` 5, `isServiceSpecific` true, `consentLanguage` "EN",
/// `publisherCountryCode` "AA", empty sets, absent (`null`) optional segments. Unknown keys are ignored.
extension TCString {
    init(json: JSON, today: Timestamp) throws(ModelError) {
        guard case .object = json else { throw ModelError(description: "expected a JSON object") }
        let fields = Fields(json: json, path: "")
        let created = try fields.timestamp("created") ?? today.startOfDay
        self.init(created: created, lastUpdated: try fields.timestamp("lastUpdated") ?? created)
        if let version = try fields.int("version"), version != 2 {
            throw ModelError(description: "version: only 2 can be encoded, got \(version)")
        }
        cmpId = try fields.int("cmpId") ?? 0
        cmpVersion = try fields.int("cmpVersion") ?? 0
        consentScreen = try fields.int("consentScreen") ?? 0
        consentLanguage = try fields.code("consentLanguage") ?? consentLanguage
        vendorListVersion = try fields.int("vendorListVersion") ?? 0
        policyVersion = try fields.int("policyVersion") ?? policyVersion
        isServiceSpecific = try fields.bool("isServiceSpecific") ?? true
        useNonStandardTexts = try fields.bool("useNonStandardTexts") ?? false
        specialFeatureOptIns = try fields.smallSet("specialFeatureOptIns") ?? []
        purposeConsents = try fields.smallSet("purposeConsents") ?? []
        purposeLegitimateInterests = try fields.smallSet("purposeLegitimateInterests") ?? []
        purposeOneTreatment = try fields.bool("purposeOneTreatment") ?? false
        publisherCountryCode = try fields.code("publisherCountryCode") ?? publisherCountryCode
        vendorConsents = try fields.vendors("vendorConsents") ?? []
        vendorLegitimateInterests = try fields.vendors("vendorLegitimateInterests") ?? []
        publisherRestrictions = try fields.restrictions("publisherRestrictions")
        disclosedVendors = try fields.vendors("disclosedVendors")
        allowedVendors = try fields.vendors("allowedVendors")
        if let publisher = fields.json["publisherTC"], publisher != .null {
            let p = Fields(json: publisher, path: "publisherTC.")
            guard case .object = publisher else { throw p.error("", "an object or null") }
            publisherTC = PublisherTC(
                purposeConsents: try p.smallSet("purposeConsents") ?? [],
                purposeLegitimateInterests: try p.smallSet("purposeLegitimateInterests") ?? [],
                numCustomPurposes: try p.int("numCustomPurposes") ?? 0,
                customPurposeConsents: try p.smallSet("customPurposeConsents") ?? [],
                customPurposeLegitimateInterests: try p.smallSet("customPurposeLegitimateInterests") ?? []
            )
        }
    }
}

/// Typed access to the members of one JSON object, with errors that name the key.
private struct Fields {
    let json: JSON
    let path: String

    func error(_ key: String, _ expected: String) -> ModelError {
        ModelError(description: "\(path)\(key): expected \(expected)")
    }

    /// The member, or `nil` when it is missing or `null`.
    func value(_ key: String) -> JSON? {
        guard let value = json[key], value != .null else { return nil }
        return value
    }

    func int(_ key: String) throws(ModelError) -> Int? {
        guard let value = value(key) else { return nil }
        guard case .int(let number) = value else { throw error(key, "an integer") }
        return number
    }

    func bool(_ key: String) throws(ModelError) -> Bool? {
        guard let value = value(key) else { return nil }
        guard case .bool(let flag) = value else { throw error(key, "true or false") }
        return flag
    }

    func string(_ key: String) throws(ModelError) -> String? {
        guard let value = value(key) else { return nil }
        guard case .string(let text) = value else { throw error(key, "a string") }
        return text
    }

    func timestamp(_ key: String) throws(ModelError) -> Timestamp? {
        guard let text = try string(key) else { return nil }
        guard let timestamp = Timestamp(iso8601: text) else { throw error(key, "an ISO-8601 UTC time, got \(text)") }
        return timestamp
    }

    func code(_ key: String) throws(ModelError) -> TwoLetterCode? {
        guard let text = try string(key) else { return nil }
        // Two letters, or a code outside A-Z as `decode` prints it (`A` + value), so decode | encode round-trips.
        if let code = try? TwoLetterCode(text) { return code }
        guard let code = TwoLetterCode(displayed: text) else { throw error(key, "two letters A-Z, got \(text)") }
        return code
    }

    func ids(_ key: String) throws(ModelError) -> [Int]? {
        guard let value = value(key) else { return nil }
        guard case .array(let items) = value else { throw error(key, "a list of ids") }
        var ids: [Int] = []
        for item in items {
            guard case .int(let id) = item else { throw error(key, "a list of integer ids") }
            ids.append(id)
        }
        return ids
    }

    func smallSet<Set: SmallIDSet>(_ key: String) throws(ModelError) -> Set? {
        guard let ids = try ids(key) else { return nil }
        do { return try Set(ids) } catch { throw self.error(key, "ids from 1 to \(Set.maxID)") }
    }

    func vendors(_ key: String) throws(ModelError) -> VendorSet? {
        guard let ids = try ids(key) else { return nil }
        do { return try VendorSet(ids) } catch { throw self.error(key, "vendor ids from 1 to 65535") }
    }

    func restrictions(_ key: String) throws(ModelError) -> PublisherRestrictions {
        guard let value = value(key) else { return PublisherRestrictions() }
        guard case .array(let items) = value else { throw error(key, "a list of restrictions") }
        var result = PublisherRestrictions()
        for (i, item) in items.enumerated() {
            let entry = Fields(json: item, path: "\(path)\(key)[\(i)].")
            guard let purposeId = try entry.int("purposeId"), let rawType = try entry.int("restrictionType"),
                let type = RestrictionType(rawValue: rawType)
            else { throw error(key, "entries with purposeId and restrictionType 0-3") }
            let vendors = try entry.vendors("vendors") ?? []
            do {
                try result.insert(vendors: vendors, purposeId: purposeId, restrictionType: type)
            } catch {
                throw entry.error("purposeId", "a purpose from 1 to 24")
            }
        }
        return result
    }
}
