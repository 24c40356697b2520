// The `tcstring` target: the TC string decoder and both encoders.
//
// For every input: decode; if it decodes, require the layout-preserving re-encoding to be the input,
// byte for byte (the README's promise for every accepted string), re-encode canonically, decode that
// again and require an equal value and a fixed point; strict decoding must fail exactly when
// validate() reports what it refuses, and otherwise give the same value; TCString.query must accept
// and refuse alike (the same error) and give the same answers; the vectorised base64url step and
// the scalar loop must decode the input alike; every decoded set must answer every question and
// change as the same ids inserted one by one do, and the decoded restrictions as their entries
// built in code do. Any difference aborts, which libFuzzer reports as a crash.

// `@testable`: the target compares the vectorised base64url step with the scalar loop
// (`Base64URL`) and strict decoding with `hasStrictFindings`, both internal to the codec.
@testable import IABTCF

func fuzzTCString(_ bytes: UnsafeBufferPointer<UInt8>) {
    checkBase64(bytes)
    checkQuery(bytes)
    guard let value = try? TCString(encodedBytes: bytes) else { return }
    for set in [value.vendorConsents, value.vendorLegitimateInterests]
        + [value.disclosedVendors, value.allowedVendors]
        .compactMap({ $0 }) + value.publisherRestrictions.map(\.vendors)
    {
        checkAgainstInsertedIds(set)
    }
    checkRestrictions(value.publisherRestrictions)
    do {
        let canonical = try value.encoded()
        let fromCanonical = try TCString(encoded: canonical)
        guard fromCanonical == value else { fatalError("canonical round trip changed the value: \(canonical)") }
        guard try fromCanonical.encoded() == canonical else { fatalError("canonical form is not a fixed point") }
        let preserved = try value.encoded(.preservingLayout)
        guard preserved.utf8.elementsEqual(bytes) else {
            fatalError("layout-preserving re-encoding differs from the input: \(preserved)")
        }
        let strict = try? TCString(encodedBytes: bytes, options: TCString.DecodingOptions(strict: true))
        guard (strict == nil) == value.hasStrictFindings, strict == nil || strict == value else {
            fatalError("strict decoding and validate() disagree: \(preserved)")
        }
    } catch {
        // A decoded value always fits its fields, so encoding it cannot fail.
        fatalError("a decoded value failed to encode: \(error)")
    }
}

/// The vector step plus the scalar loop (`decodePrefix`) and the scalar loop alone stop at the same
/// character and write the same bytes.
func checkBase64(_ bytes: UnsafeBufferPointer<UInt8>) {
    let size = Base64URL.scratchSize(characters: bytes.count)
    var vector = [UInt8](repeating: 0xA5, count: size)
    var scalar = vector
    let a = vector.withUnsafeMutableBufferPointer { Base64URL.decodePrefix(bytes, into: $0.baseAddress!) }
    let b = scalar.withUnsafeMutableBufferPointer { Base64URL.decodeScalar(bytes, into: $0.baseAddress!, from: 0) }
    guard a == b, vector == scalar else { fatalError("vector and scalar base64url disagree: \(a) vs \(b)") }
}

/// `TCString.query` agrees with decoding on `bytes`: the same error, or the same answers.
func checkQuery(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let text = String(validating: bytes, as: UTF8.self) else { return }
    let decoded = Result { () throws(TCStringError) in try TCString(encoded: text) }
    let queried = Result { () throws(TCStringError) in
        try TCString.query(encoded: text) { query -> Bool in
            guard case .success(let value) = decoded else { return false }
            let sets: [(TCString.Query.Vendors?, VendorSet?)] = [
                (query.vendorConsents, value.vendorConsents),
                (query.vendorLegitimateInterests, value.vendorLegitimateInterests),
                (query.disclosedVendors, value.disclosedVendors), (query.allowedVendors, value.allowedVendors),
            ]
            for (vendors, set) in sets {
                guard (vendors == nil) == (set == nil) else { return false }
                guard let vendors, let set else { continue }
                guard vendors.set == set else { return false }
                for run in set.ranges {
                    for id in [run.lowerBound - 1, run.lowerBound, run.upperBound, run.upperBound + 1]
                    where vendors.contains(id) != set.contains(id) { return false }
                }
            }
            for restriction in value.publisherRestrictions {
                for run in restriction.vendors.ranges {
                    for id in [run.lowerBound - 1, run.lowerBound, run.upperBound + 1]
                    where query.restrictionType(vendorId: id, purposeId: restriction.purposeId)
                        != value.publisherRestrictions.restrictionType(vendorId: id, purposeId: restriction.purposeId)
                    {
                        return false
                    }
                }
            }
            return query.cmpId == value.cmpId && query.created == value.created
                && query.purposeConsents == value.purposeConsents
                && query.purposeLegitimateInterests == value.purposeLegitimateInterests
                && query.specialFeatureOptIns == value.specialFeatureOptIns
                && query.publisherCountryCode == value.publisherCountryCode && query.publisherTC == value.publisherTC
        }
    }
    switch (decoded, queried) {
    case (.success, .success(let same)): if !same { fatalError("query answers differ from the value: \(text)") }
    case (.failure(let expected), .failure(let error)):
        if error != expected { fatalError("query and decode fail differently: \(text)") }
    default: fatalError("query and decode disagree on whether \(text) decodes")
    }
}

/// `set`, a decoded set, answers every question as the set built by inserting its ids one by one
/// does, and changes alike.
func checkAgainstInsertedIds(_ set: VendorSet) {
    let ids = Array(set)
    guard let built = try? VendorSet(ids) else { fatalError("a decoded set holds an id outside 1-65535") }
    let last = ids.last ?? 0
    guard set == built, set.hashValue == built.hashValue, set.count == ids.count, set.max == ids.last,
        set.ranges == built.ranges, set.words.count == built.words.count,
        (0..<set.words.count).allSatisfy({ set.word($0) == built.word($0) }),
        (-1...(last + 130)).allSatisfy({ set.contains($0) == built.contains($0) })
    else { fatalError("a decoded set differs from its ids inserted one by one: \(ids)") }
    for id in [1, last, last + 1, (last + 1) / 2] where id >= 1 {
        var (a, b) = (set, built)
        a.remove(id)
        b.remove(id)
        var (c, d) = (set, built)
        try? c.insert(id)
        try? d.insert(id)
        guard a == b, Array(a) == Array(b), c == d, Array(c) == Array(d), set.union(b) == built.union(b),
            set.subtracting(d) == built.subtracting(d), set.intersection(a) == built.intersection(a)
        else { fatalError("a decoded set changes differently from its ids inserted one by one: \(ids)") }
    }
}

/// `restrictions`, decoded (read from the section's bytes), answers as its entries built in code do.
func checkRestrictions(_ restrictions: PublisherRestrictions) {
    let entries = Array(restrictions)
    // Code cannot build a purpose outside 1-24, which a decoded list keeps.
    guard let built = try? PublisherRestrictions(entries) else { return }
    guard restrictions == built, restrictions.hashValue == built.hashValue else {
        fatalError("decoded restrictions differ from their entries built in code")
    }
    for entry in entries {
        guard restrictions.vendors(purposeId: entry.purposeId, restrictionType: entry.restrictionType) == entry.vendors
        else { fatalError("a decoded restriction's vendors differ from its entry") }
        for run in entry.vendors.ranges {
            for id in [run.lowerBound - 1, run.lowerBound, run.upperBound, run.upperBound + 1]
            where restrictions.restrictionType(vendorId: id, purposeId: entry.purposeId)
                != built.restrictionType(vendorId: id, purposeId: entry.purposeId)
            {
                fatalError("decoded and built restrictions give vendor \(id) different types")
            }
        }
    }
}
