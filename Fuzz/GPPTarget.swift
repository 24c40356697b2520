// The `gpp` target: GPP strings (header, sections, the TCF EU v2 section).
//
// Any text: never a trap, and `GPPString.section(_:in:)` agrees with decoding. An accepted string:
// one section per header id; its TCF EU v2 section equals that section's text decoded alone (and a
// TCF error inside a GPP string is the error of the section alone); its re-encoding decodes to an
// equal value with the same section texts, is a fixed point, and is the input itself except for the
// header, whose padding and id ranges the encoding writes in one canonical way.

func fuzzGPP(_ bytes: UnsafeBufferPointer<UInt8>) {
    let text = String(decoding: bytes, as: UTF8.self)
    let decoded = Result { () throws(TCStringError) in try GPPString(encoded: text) }
    let tcfSection = GPPString.section(GPPString.tcfEuV2SectionId, in: text)
    switch decoded {
    case .failure(let error):
        guard error.gppSection == GPPString.tcfEuV2SectionId else { return }
        guard let tcfSection else { fatalError("a TCF section error without a TCF section: \(text)") }
        let alone = Result { () throws(TCStringError) in try TCString(encoded: tcfSection.text) }
        guard case .failure(let aloneError) = alone else {
            fatalError("the TCF section fails inside the GPP string but decodes alone: \(text)")
        }
        require(aloneError.code == error.code, "the TCF section fails differently alone: \(text)")
    case .success(let gpp):
        require(gpp.sections.count == gpp.sectionIds.count, "sections and ids differ in number: \(text)")
        for (index, id) in gpp.sectionIds.enumerated() {
            require(GPPString.section(id, in: text)?.text == gpp.sections[index][...], "section \(id) of \(text)")
        }
        let alone = tcfSection.flatMap { try? TCString(encoded: $0.text) }
        require(gpp.tcfEuV2 == alone, "the TCF section differs from the string decoded alone: \(text)")
        checkGPPReencoding(gpp, input: text)
    }
}

/// The GPP re-encoding of an accepted string gives it back.
private func checkGPPReencoding(_ gpp: GPPString, input: String) {
    let encoded = reencodeGPP(gpp)
    guard let again = try? GPPString(encoded: encoded) else {
        fatalError("the re-encoding does not decode: \(encoded)")
    }
    require(again == gpp && again.sections == gpp.sections, "the re-encoding decodes to another value: \(encoded)")
    require(reencodeGPP(again) == encoded, "the re-encoding is not a fixed point: \(encoded)")
    let header = input.prefix { $0 != "~" }
    let encodedHeader = encoded.prefix { $0 != "~" }
    require(input.dropFirst(header.count) == encoded.dropFirst(encodedHeader.count), "sections changed: \(encoded)")
}

/// A GPP string from `gpp`'s header fields and section texts: the header with each run of
/// consecutive ids as one range entry, padded with zero bits to whole base64url characters.
///
/// The hook for the codec's own GPP encoder: once `GPPString` re-encodes itself, return its
/// encoding here and the checks above hold it to the same promise.
func reencodeGPP(_ gpp: GPPString) -> String {
    var bits: [Bool] = []
    func write(_ value: Int, _ width: Int) {
        for shift in (0..<width).reversed() { bits.append(value >> shift & 1 == 1) }
    }
    var runs: [ClosedRange<Int>] = []
    for id in gpp.sectionIds {
        if let last = runs.last, last.upperBound + 1 == id {
            runs[runs.count - 1] = last.lowerBound...id
        } else {
            runs.append(id...id)
        }
    }
    write(3, 6)
    write(gpp.version, 6)
    write(runs.count, 12)
    var previous = 0
    for run in runs {
        write(run.count > 1 ? 1 : 0, 1)
        bits += fibonacciCode(run.lowerBound - previous)
        if run.count > 1 { bits += fibonacciCode(run.upperBound - run.lowerBound) }
        previous = run.upperBound
    }
    while bits.count % 6 != 0 { bits.append(false) }
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    var header = ""
    for start in stride(from: 0, to: bits.count, by: 6) {
        header.append(alphabet[bits[start..<start + 6].reduce(0) { $0 << 1 | ($1 ? 1 : 0) }])
    }
    return ([header] + gpp.sections).joined(separator: "~")
}

/// The Fibonacci code of `value` (1 or more): bit k for Fib(k + 2) (1, 2, 3, 5...), then a closing 1.
private func fibonacciCode(_ value: Int) -> [Bool] {
    var weights = [1, 2]
    while weights[weights.count - 1] + weights[weights.count - 2] <= value {
        weights.append(weights[weights.count - 1] + weights[weights.count - 2])
    }
    var code = [Bool](repeating: false, count: weights.count)
    var rest = value
    for index in weights.indices.reversed() where weights[index] <= rest {
        code[index] = true
        rest -= weights[index]
    }
    while code.last == false { code.removeLast() }
    return code + [true]
}
