import IABGPP
import TestSupport
import Testing

/// The TCF Canada decoder tells which encoding re-encodes from the bits as it reads them. These
/// tests hold it to the chooser it replaced, which decoded each encoding in turn, encoded the value
/// read and compared the result with the input's bits: the same value, encoding, layout and
/// ambiguity flag, or the same error, on seeded random models written in every encoding, on
/// mutants of them, and on every section of the GPP vectors.
@Suite struct TCFCanadaChooserTests {
    static let models = 100
    static let mutantsPerText = 6

    /// The encoding the replaced chooser took, or `nil` when none re-encoded (the fallback).
    struct Choice {
        var result: Result<TCFCanadaSection, GPPError>
        var reencoded: TCFCanadaSection.Encoding?
    }

    /// The replaced chooser: the first reading (fibonacci, legacy, literal) whose value encodes to
    /// the bits read; when none does, the first that reads, legacy before fibonacci before
    /// literal; when none reads, the fibonacci reading's error. A reading whose value cannot be
    /// encoded failed, as it did.
    static func reencodingChooser(_ text: String) -> Choice {
        var readings: [TCFCanadaSection.Encoding: Result<TCFCanadaSection, GPPError>] = [:]
        for encoding in TCFCanadaSection.Encoding.allCases {
            let reading = Result { () throws(GPPError) in try TCFCanadaSection.read(text, as: encoding) }
            guard case .success(let section) = reading else {
                readings[encoding] = reading
                continue
            }
            do throws(GPPError) {
                let encoded = try section.encoded()
                if sameBits(encoded, text) { return Choice(result: .success(section), reencoded: encoding) }
                readings[encoding] = reading
            } catch {
                readings[encoding] = .failure(error)
            }
        }
        for encoding in [TCFCanadaSection.Encoding.legacy, .fibonacci, .literal] {
            if case .success = readings[encoding] { return Choice(result: readings[encoding]!, reencoded: nil) }
        }
        return Choice(result: readings[.fibonacci]!, reencoded: nil)
    }

    /// Whether the canonical `encoded` text has `input`'s bits: each part of the input is the
    /// encoder's part for the same sub-section type followed by zero bits only (`A`; the encoder
    /// pads to 6 bits, so any longer input adds whole zero characters).
    static func sameBits(_ encoded: String, _ input: String) -> Bool {
        let written = encoded.split(separator: ".", omittingEmptySubsequences: false)
        let read = input.split(separator: ".", omittingEmptySubsequences: false)
        guard written.count == read.count else { return false }
        func type(_ part: Substring) -> Int { part.first.map { sextet($0) >> 3 } ?? -1 }
        for (index, part) in read.enumerated() {
            let match = index == 0 ? written[0] : written.dropFirst().first { type($0) == type(part) }
            guard let match, part.hasPrefix(match), part.dropFirst(match.count).allSatisfy({ $0 == "A" }) else {
                return false
            }
        }
        return true
    }

    static func sextet(_ character: Character) -> Int {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        return alphabet.firstIndex(of: character) ?? 64
    }

    /// Compares the decoder with the replaced chooser on `text`; returns the replaced chooser's
    /// choice so that callers count the paths taken.
    @discardableResult
    static func expectSameChoice(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> Choice {
        let old = reencodingChooser(text)
        let new = Result { () throws(GPPError) in try TCFCanadaSection(encoded: text) }
        switch (old.result, new) {
        case (.success(let old), .success(let new)):
            #expect(new == old, "\(text)", sourceLocation: sourceLocation)
            #expect(new.encoding == old.encoding, "\(text)", sourceLocation: sourceLocation)
            #expect(new.hasPubRestrictions == old.hasPubRestrictions, "\(text)", sourceLocation: sourceLocation)
            #expect(new.isAmbiguous == old.isAmbiguous, "\(text)", sourceLocation: sourceLocation)
            #expect(
                (try? new.encoded(.preservingLayout)) == (try? old.encoded(.preservingLayout)),
                "\(text)",
                sourceLocation: sourceLocation
            )
        case (.failure(let old), .failure(let new)):
            #expect(new == old, "\(text)", sourceLocation: sourceLocation)
        default:
            Issue.record(
                "\(text): the replaced chooser gives \(old.result), the decoder \(new)",
                sourceLocation: sourceLocation
            )
        }
        return old
    }

    /// Seeded random models written in each encoding, and mutants of each text: every path of the
    /// chooser is taken (each encoding re-encodes for some text; for some none does and a reading
    /// stands; for some none reads).
    @Test func randomModelsAndMutants() throws {
        var random = RandomSections(seed: 55)
        var reencoded: [TCFCanadaSection.Encoding: Int] = [:]
        var fallback = 0
        var refused = 0
        func count(_ choice: Choice) {
            if let encoding = choice.reencoded {
                reencoded[encoding, default: 0] += 1
            } else if case .success = choice.result {
                fallback += 1
            } else {
                refused += 1
            }
        }
        for _ in 0..<Self.models {
            let model = random.canada()
            for encoding in TCFCanadaSection.Encoding.allCases {
                var written = model
                written.encoding = encoding
                let text = try written.encoded()
                count(Self.expectSameChoice(text))
                for _ in 0..<Self.mutantsPerText { count(Self.expectSameChoice(random.mutant(of: text))) }
            }
        }
        for encoding in TCFCanadaSection.Encoding.allCases {
            #expect(reencoded[encoding, default: 0] > 0, "\(encoding) never re-encoded")
        }
        #expect(fallback > 0)
        #expect(refused > 0)
    }

    /// Every section of every GPP vector (TCF Canada in its encodings and paddings, and the other
    /// sections, which both refuse alike), iabgpp-rs's 1,413-character test string's TCF Canada
    /// section, and mutants of each.
    @Test func vectorsAndMutants() {
        var random = RandomSections(seed: 5)
        var texts = SectionVector.all.flatMap { $0.gpp.split(separator: "~").dropFirst().map(String.init) }
        texts.append(Self.rustTestStringCanada)
        #expect(texts.count > 40)
        var read = 0
        for text in texts {
            if case .success = Self.expectSameChoice(text).result { read += 1 }
            for _ in 0..<Self.mutantsPerText { Self.expectSameChoice(random.mutant(of: text)) }
        }
        #expect(read >= SectionVector.all.filter { $0.sectionId == 5 }.count)
    }

    /// The TCF Canada section of iabgpp-rs's `very_large_string` test (TCF EU v2 plus TCF Canada
    /// v1.0 with integer ranges and publisher purposes; `Fixtures/gpp/bench.txt` line 4).
    static let rustTestStringCanada =
        "BQMC4oAQMC4oAPoABABGB0CYAf8AAf8AAAqdA-AAUABwAFQALQAaABLACgAF0ANoAdwA_QCCAIQARQAnwBWgC3AGUANMAc4A7gCAQElASYAnYBPwDFAGaAM6AZ8A14B_AEngJyAT-Ao8BUQCpQFvALhAXQAvcBf4DBwGYANNAbUA3EBxoDxAHmgPkAgIBCQCNwEpYJgAmCBNUCa4E5gJ-AUmApYBU4FToHwACgAOAAqABaADQAJYAUAAugBtADuAH6AQQBCACKAE-AK0AW4AygBpgDnAHcAQCAkoCTAE7AJ-AYoAzQBnQDPgGvAP4Ak8BOQCfwFHgKiAVKAt4BcIC6AF7gL_AYOAzABpoDagG4gONAeIA80B8gEBAISARuAlLBMAEwQJqgTXAnMBPwCkwFLAKnAAAA.YAAAAAAAAAA"

    /// iabgpp-rs's string reads the legacy way (OptimizedIntRange vendor sets), 66 vendors in each
    /// set, and its publisher purposes sub-section.
    @Test func rustTestString() throws {
        let section = try TCFCanadaSection(encoded: Self.rustTestStringCanada)
        #expect(section.encoding == .legacy)
        #expect(section["VendorExpressConsent"]?.ids?.count == 66)
        #expect(section["VendorImpliedConsent"]?.ids?.count == 66)
        #expect(section["CmpId"] == .int(1000))
        #expect(section.publisherPurposes != nil)
        #expect(try section.encoded(.preservingLayout) == Self.rustTestStringCanada)
    }

    /// A set of more runs than a range's Int(12) count holds, shorter as a range than as a
    /// bitfield, is written as the bitfield in every encoding, and decodes back.
    @Test func moreRunsThanARangeHolds() throws {
        // 5,461 runs of ten ids, two apart: about 54,600 bits as a Fibonacci range, 65,530 as a bitfield.
        let ids = (0..<5461).flatMap { run in (run * 12 + 1)...(run * 12 + 10) }
        for encoding in TCFCanadaSection.Encoding.allCases {
            var section = TCFCanadaSection()
            section.encoding = encoding
            section["VendorExpressConsent"] = .ids(ids)
            let text = try section.encoded()
            let decoded = try TCFCanadaSection(encoded: text)
            #expect(decoded["VendorExpressConsent"] == .ids(ids), "\(encoding)")
            Self.expectSameChoice(text)
        }
    }
}
