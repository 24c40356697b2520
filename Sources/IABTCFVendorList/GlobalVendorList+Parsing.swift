import IABTCF
import TCFJSON

extension GlobalVendorList {
    /// The largest JSON a vendor list or translation file may have by default: 16 MiB (the JSON
    /// reader's bound), room for many times a real vendor list.
    public static let defaultMaxBytes = JSONReader.defaultMaxBytes

    /// Parses a vendor list's JSON (`vendor-list.json`, GVL specification 2 or 3).
    ///
    /// Strict and bounded: the text must be RFC 8259 JSON in UTF-8, at most `maxBytes` long, nested
    /// at most 64 deep; ids must be integers in range (vendors 1-65535, purposes and special
    /// purposes 1-24, special features 1-12); members the model does not know are checked and
    /// skipped. Anything else is a ``JSONInputError`` with its 1-based byte position, never a trap, in time
    /// linear in the input.
    ///
    /// - Throws: ``JSONInputError``; its message names the member, e.g. `vendors.755.purposes`.
    public init(json: String, maxBytes: Int = GlobalVendorList.defaultMaxBytes) throws(JSONInputError) {
        var json = json
        let result = json.withUTF8 { bytes in
            Result { () throws(JSONInputError) in try GlobalVendorList(bytes: bytes, maxBytes: maxBytes) }
        }
        self = try result.get()
    }

    /// Parses a vendor list's JSON from its UTF-8 bytes; see ``init(json:maxBytes:)``.
    public init(
        jsonBytes: some Collection<UInt8>,
        maxBytes: Int = GlobalVendorList.defaultMaxBytes
    ) throws(JSONInputError) {
        let body = { (bytes: UnsafeBufferPointer<UInt8>) in
            Result { () throws(JSONInputError) in try GlobalVendorList(bytes: bytes, maxBytes: maxBytes) }
        }
        let result = jsonBytes.withContiguousStorageIfAvailable(body) ?? Array(jsonBytes).withUnsafeBufferPointer(body)
        self = try result.get()
    }

    init(bytes: UnsafeBufferPointer<UInt8>, maxBytes: Int) throws(JSONInputError) {
        self = try JSONReader.read(bytes, maxBytes: maxBytes) { reader throws(JSONInputError) in
            var parser = GVLParser(reader: reader)
            let list = try parser.list()
            reader = parser.reader
            return list
        }
    }
}

extension GlobalVendorListTranslation {
    /// Parses a translation file's JSON (`purposes-fr.json`); strict and bounded like
    /// ``GlobalVendorList/init(json:maxBytes:)``.
    ///
    /// - Throws: ``JSONInputError``.
    public init(json: String, maxBytes: Int = GlobalVendorList.defaultMaxBytes) throws(JSONInputError) {
        var json = json
        let result = json.withUTF8 { bytes in
            Result { () throws(JSONInputError) in
                try JSONReader.read(bytes, maxBytes: maxBytes) { reader throws(JSONInputError) in
                    var parser = GVLParser(reader: reader)
                    let (header, definitions, _) = try parser.document(requireVendors: false)
                    reader = parser.reader
                    return GlobalVendorListTranslation(header: header, definitions: definitions)
                }
            }
        }
        self = try result.get()
    }
}

/// Reads a GVL document with ``JSONReader``, building the model directly (no intermediate tree).
struct GVLParser {
    /// The largest id of a feature, data category or stack. The GVL specification sets none; ids
    /// up to the vendors' 16-bit range (``VendorSet/maxID``) are accepted, so a list stays bounded.
    static let maxOtherID = VendorSet.maxID

    var reader: JSONReader

    mutating func list() throws(JSONInputError) -> GlobalVendorList {
        let (header, definitions, vendors) = try document(requireVendors: true)
        return GlobalVendorList(header: header, definitions: definitions, vendors: vendors)
    }

    /// The top-level object: versions, definition tables and (for a list) vendors.
    mutating func document(
        requireVendors: Bool
    ) throws(JSONInputError) -> (GlobalVendorList.Header, GlobalVendorList.Definitions, [Int: GlobalVendorList.Vendor])
    {
        var header = GlobalVendorList.Header()
        var definitions = GlobalVendorList.Definitions()
        var vendors: [Int: GlobalVendorList.Vendor]?
        let start = reader.index
        try reader.beginObject()
        var first = true
        var sawVersion = false
        while let key = try reader.nextMember(first: &first) {
            if key == "gvlSpecificationVersion" {
                header.specificationVersion = try member("gvlSpecificationVersion") { p throws(JSONInputError) in
                    try p.reader.readInt()
                }
            } else if key == "vendorListVersion" {
                header.vendorListVersion = try member("vendorListVersion") { p throws(JSONInputError) in
                    try p.reader.readInt()
                }
                sawVersion = true
            } else if key == "tcfPolicyVersion" {
                header.tcfPolicyVersion = try member("tcfPolicyVersion") { p throws(JSONInputError) in
                    try p.reader.readInt()
                }
            } else if key == "lastUpdated" {
                header.lastUpdated = try member("lastUpdated") { p throws(JSONInputError) in try p.reader.readString() }
            } else if key == "purposes" {
                definitions.purposes = try definitionTable("purposes", maxID: PurposeSet.maxID)
            } else if key == "specialPurposes" {
                definitions.specialPurposes = try definitionTable("specialPurposes", maxID: PurposeSet.maxID)
            } else if key == "features" {
                definitions.features = try definitionTable("features", maxID: GVLParser.maxOtherID)
            } else if key == "specialFeatures" {
                definitions.specialFeatures = try definitionTable("specialFeatures", maxID: SpecialFeatureSet.maxID)
            } else if key == "dataCategories" {
                definitions.dataCategories = try definitionTable("dataCategories", maxID: GVLParser.maxOtherID)
            } else if key == "standardTexts" {
                definitions.standardTexts = try member("standardTexts") { p throws(JSONInputError) in
                    try p.standardTexts()
                }
            } else if key == "stacks" {
                definitions.stacks = try member("stacks") { p throws(JSONInputError) in try p.stacks() }
            } else if key == "vendors" {
                vendors = try member("vendors") { p throws(JSONInputError) in try p.vendors() }
            } else {
                try reader.skipValue()
            }
        }
        if requireVendors {
            guard sawVersion else { throw JSONReader.schema(start, "missing vendorListVersion") }
            guard let vendors else { throw JSONReader.schema(start, "missing vendors") }
            return (header, definitions, vendors)
        }
        return (header, definitions, [:])
    }

    /// Runs `body`, prefixing the path of an error it throws with `name`.
    @inline(__always)
    mutating func member<T>(
        _ name: @autoclosure () -> String,
        _ body: (inout GVLParser) throws(JSONInputError) -> T
    ) throws(JSONInputError) -> T {
        do {
            return try body(&self)
        } catch {
            var error = error
            let path = name()
            error.message =
                error.message.hasPrefix("at ")
                ? "at \(path)." + error.message.dropFirst(3) : "at \(path): \(error.message)"
            throw error
        }
    }

    /// An object keyed by decimal ids, checking each key against the value's `id` and `1...maxID`.
    mutating func idTable<T>(
        maxID: Int,
        _ value: (inout GVLParser, Int) throws(JSONInputError) -> T
    ) throws(JSONInputError) -> [Int: T] {
        var table: [Int: T] = [:]
        try reader.beginObject()
        var first = true
        while let key = try reader.nextMember(first: &first) {
            let name = key.string
            let offset = reader.index
            guard let id = Int(name), (1...maxID).contains(id), String(id) == name else {
                throw JSONReader.schema(offset, "at \(name): key is not an id in 1...\(maxID)")
            }
            table[id] = try member(name) { p throws(JSONInputError) in try value(&p, id) }
        }
        return table
    }

    /// Reads an object's members, calling `body` with each key; unknown members are skipped by `body`.
    mutating func object(
        _ body: (inout GVLParser, JSONReader.Key) throws(JSONInputError) -> Void
    ) throws(JSONInputError) {
        try reader.beginObject()
        var first = true
        while let key = try reader.nextMember(first: &first) { try body(&self, key) }
    }

    /// Checks that a value's `id` member matches its key.
    func checkID(_ found: Int?, _ expected: Int, at offset: Int) throws(JSONInputError) {
        guard let found else { throw JSONReader.schema(offset, "missing id") }
        guard found == expected else { throw JSONReader.schema(offset, "id \(found) under key \(expected)") }
    }

    mutating func definitionTable(
        _ name: String,
        maxID: Int
    ) throws(JSONInputError) -> [Int: GlobalVendorList.Definition] {
        try member(name) { p throws(JSONInputError) in
            try p.idTable(maxID: maxID) { p, id throws(JSONInputError) in
                let start = p.reader.index
                var definition = GlobalVendorList.Definition(id: id, name: "")
                var found: Int?
                try p.object { p, key throws(JSONInputError) in
                    if key == "id" {
                        found = try p.member("id") { p throws(JSONInputError) in try p.reader.readInt() }
                    } else if key == "name" {
                        definition.name = try p.member("name") { p throws(JSONInputError) in try p.reader.readString() }
                    } else if key == "description" {
                        definition.description = try p.member("description") { p throws(JSONInputError) in
                            try p.reader.readString()
                        }
                    } else if key == "descriptionLegal" {
                        definition.descriptionLegal = try p.member("descriptionLegal") { p throws(JSONInputError) in
                            try p.reader.readString()
                        }
                    } else if key == "illustrations" {
                        definition.illustrations = try p.member("illustrations") { p throws(JSONInputError) in
                            try p.strings()
                        }
                    } else {
                        try p.reader.skipValue()
                    }
                }
                try p.checkID(found, id, at: start)
                return definition
            }
        }
    }

    mutating func stacks() throws(JSONInputError) -> [Int: GlobalVendorList.Stack] {
        try idTable(maxID: GVLParser.maxOtherID) { p, id throws(JSONInputError) in
            let start = p.reader.index
            var stack = GlobalVendorList.Stack(id: id, name: "")
            var found: Int?
            try p.object { p, key throws(JSONInputError) in
                if key == "id" {
                    found = try p.member("id") { p throws(JSONInputError) in try p.reader.readInt() }
                } else if key == "name" {
                    stack.name = try p.member("name") { p throws(JSONInputError) in try p.reader.readString() }
                } else if key == "description" {
                    stack.description = try p.member("description") { p throws(JSONInputError) in
                        try p.reader.readString()
                    }
                } else if key == "purposes" {
                    stack.purposes = try p.member("purposes") { p throws(JSONInputError) in try p.ints() }
                } else if key == "specialFeatures" {
                    stack.specialFeatures = try p.member("specialFeatures") { p throws(JSONInputError) in try p.ints() }
                } else if key == "specialPurposes" {
                    stack.specialPurposes = try p.member("specialPurposes") { p throws(JSONInputError) in try p.ints() }
                } else {
                    try p.reader.skipValue()
                }
            }
            try p.checkID(found, id, at: start)
            return stack
        }
    }

    mutating func vendors() throws(JSONInputError) -> [Int: GlobalVendorList.Vendor] {
        try idTable(maxID: VendorSet.maxID) { p, id throws(JSONInputError) in try p.vendor(id) }
    }

    mutating func vendor(_ id: Int) throws(JSONInputError) -> GlobalVendorList.Vendor {
        let start = reader.index
        var vendor = GlobalVendorList.Vendor(id: id, name: "")
        var found: Int?
        var named = false
        try object { p, key throws(JSONInputError) in
            if key == "id" {
                found = try p.member("id") { p throws(JSONInputError) in try p.reader.readInt() }
            } else if key == "name" {
                vendor.name = try p.member("name") { p throws(JSONInputError) in try p.reader.readString() }
                named = true
            } else if key == "purposes" {
                vendor.purposes = PurposeSet(rawValue: try p.idBits("purposes", maxID: PurposeSet.maxID))
            } else if key == "legIntPurposes" {
                vendor.legIntPurposes = PurposeSet(rawValue: try p.idBits("legIntPurposes", maxID: PurposeSet.maxID))
            } else if key == "flexiblePurposes" {
                vendor.flexiblePurposes = PurposeSet(
                    rawValue: try p.idBits("flexiblePurposes", maxID: PurposeSet.maxID)
                )
            } else if key == "specialPurposes" {
                vendor.specialPurposes = PurposeSet(rawValue: try p.idBits("specialPurposes", maxID: PurposeSet.maxID))
            } else if key == "specialFeatures" {
                vendor.specialFeatures = SpecialFeatureSet(
                    rawValue: try p.idBits("specialFeatures", maxID: SpecialFeatureSet.maxID)
                )
            } else if key == "features" {
                vendor.features = try p.member("features") { p throws(JSONInputError) in try p.ints() }
            } else if key == "deletedDate" {
                vendor.deletedDate = try p.member("deletedDate") { p throws(JSONInputError) in
                    try p.reader.readNull() ? nil : try p.reader.readString()
                }
            } else if key == "usesCookies" {
                vendor.usesCookies = try p.member("usesCookies") { p throws(JSONInputError) in try p.optionalBool() }
            } else if key == "cookieRefresh" {
                vendor.cookieRefresh = try p.member("cookieRefresh") { p throws(JSONInputError) in
                    try p.optionalBool()
                }
            } else if key == "usesNonCookieAccess" {
                vendor.usesNonCookieAccess = try p.member("usesNonCookieAccess") { p throws(JSONInputError) in
                    try p.optionalBool()
                }
            } else if key == "cookieMaxAgeSeconds" {
                vendor.cookieMaxAgeSeconds = try p.member("cookieMaxAgeSeconds") { p throws(JSONInputError) in
                    try p.reader.readNull() ? nil : try p.reader.readInt()
                }
            } else if key == "dataRetention" {
                vendor.dataRetention = try p.member("dataRetention") { p throws(JSONInputError) in
                    try p.reader.readNull() ? nil : try p.dataRetention()
                }
            } else if key == "urls" {
                vendor.urls = try p.member("urls") { p throws(JSONInputError) in try p.urls() }
            } else if key == "policyUrl" {
                vendor.policyUrl = try p.member("policyUrl") { p throws(JSONInputError) in
                    try p.reader.readNull() ? nil : try p.reader.readString()
                }
            } else if key == "deviceStorageDisclosureUrl" {
                vendor.deviceStorageDisclosureUrl = try p.member("deviceStorageDisclosureUrl") {
                    p throws(JSONInputError) in
                    try p.reader.readNull() ? nil : try p.reader.readString()
                }
            } else if key == "dataDeclaration" {
                vendor.dataDeclaration = try p.member("dataDeclaration") { p throws(JSONInputError) in try p.ints() }
            } else {
                try p.reader.skipValue()
            }
        }
        try checkID(found, id, at: start)
        guard named else { throw JSONReader.schema(start, "missing name") }
        return vendor
    }

    mutating func optionalBool() throws(JSONInputError) -> Bool? {
        try reader.readNull() ? nil : try reader.readBool()
    }

    /// An array of ids in `1...maxID`, as MSB-first bits (id k is bit 64 - k).
    mutating func idBits(_ name: String, maxID: Int) throws(JSONInputError) -> UInt64 {
        try member(name) { p throws(JSONInputError) in
            var bits: UInt64 = 0
            try p.reader.beginArray()
            var first = true
            while try p.reader.nextElement(first: &first) {
                _ = try p.reader.peek()
                let offset = p.reader.index
                let id = try p.reader.readInt()
                guard (1...maxID).contains(id) else {
                    throw JSONReader.schema(offset, "id \(id) is outside 1...\(maxID)")
                }
                bits |= (1 as UInt64) &<< UInt64(64 &- id)
            }
            return bits
        }
    }

    mutating func ints() throws(JSONInputError) -> [Int] {
        var values: [Int] = []
        try reader.beginArray()
        var first = true
        while try reader.nextElement(first: &first) { values.append(try reader.readInt()) }
        return values
    }

    /// `standardTexts` (Policy 5.0.b lists, version 169 on): an object of texts by name; members
    /// whose value is not a string are checked and skipped, as unknown members are.
    mutating func standardTexts() throws(JSONInputError) -> [String: String] {
        var texts: [String: String] = [:]
        try object { p, key throws(JSONInputError) in
            if try p.reader.peek() == .string {
                let name = key.text
                texts[name] = try p.member(name) { p throws(JSONInputError) in try p.reader.readString() }
            } else {
                try p.reader.skipValue()
            }
        }
        return texts
    }

    mutating func strings() throws(JSONInputError) -> [String] {
        var values: [String] = []
        try reader.beginArray()
        var first = true
        while try reader.nextElement(first: &first) { values.append(try reader.readString()) }
        return values
    }

    mutating func dataRetention() throws(JSONInputError) -> GlobalVendorList.DataRetention {
        var retention = GlobalVendorList.DataRetention()
        try object { p, key throws(JSONInputError) in
            if key == "stdRetention" {
                retention.standard = try p.member("stdRetention") { p throws(JSONInputError) in
                    try p.reader.readNull() ? nil : try p.reader.readInt()
                }
            } else if key == "purposes" {
                retention.purposes = try p.member("purposes") { p throws(JSONInputError) in try p.daysTable() }
            } else if key == "specialPurposes" {
                retention.specialPurposes = try p.member("specialPurposes") { p throws(JSONInputError) in
                    try p.daysTable()
                }
            } else {
                try p.reader.skipValue()
            }
        }
        return retention
    }

    mutating func daysTable() throws(JSONInputError) -> [Int: Int] {
        try idTable(maxID: PurposeSet.maxID) { p, _ throws(JSONInputError) in try p.reader.readInt() }
    }

    mutating func urls() throws(JSONInputError) -> [GlobalVendorList.URLs] {
        var urls: [GlobalVendorList.URLs] = []
        try reader.beginArray()
        var first = true
        while try reader.nextElement(first: &first) {
            var entry = GlobalVendorList.URLs(language: "")
            try object { p, key throws(JSONInputError) in
                if key == "langId" {
                    entry.language = try p.member("langId") { p throws(JSONInputError) in try p.reader.readString() }
                } else if key == "privacy" {
                    entry.privacy = try p.member("privacy") { p throws(JSONInputError) in
                        try p.reader.readNull() ? nil : try p.reader.readString()
                    }
                } else if key == "legIntClaim" {
                    entry.legitimateInterestClaim = try p.member("legIntClaim") { p throws(JSONInputError) in
                        try p.reader.readNull() ? nil : try p.reader.readString()
                    }
                } else {
                    try p.reader.skipValue()
                }
            }
            urls.append(entry)
        }
        return urls
    }
}
