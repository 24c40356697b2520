import IABGPP
import IABTCF
import TCFJSON

/// Seeded random section values, built from the sections' own field tables.
struct RandomSections {
    var rng: SplitMix64

    init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    mutating func int(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &rng) }
    mutating func bool() -> Bool { Bool.random(using: &rng) }

    /// Ids in 1...`limit`: sometimes empty, sometimes runs (so ranges win), sometimes scattered.
    mutating func ids(limit: Int) -> [Int] {
        switch int(4) {
        case 0: return []
        case 1:
            var ids: Set<Int> = []
            for _ in 0..<int(4) + 1 {
                let start = int(limit) + 1
                ids.formUnion(start...min(limit, start + int(200)))
            }
            return ids.sorted()
        default: return (1...limit).filter { _ in int(3) == 0 }
        }
    }

    mutating func value(_ type: GPPDataType) -> GPPValue {
        switch type {
        case .int(let width): .int(int(1 << width))
        case .boolean: .bool(bool())
        case .intFibonacci: .int(int(1000) + 1)
        case .datetime: .int(int(1 << 36))
        case .string(let count): .string(String((0..<count).map { _ in Character(Unicode.Scalar(65 + int(26))!) }))
        case .bitfield(let count): .ids(ids(limit: count))
        case .bitfieldSizedBy: .ids([])
        case .intList(let count): .list((0..<count).map { _ in int(4) })
        case .rangeInt, .rangeFibonacci, .optimizedRange, .optimizedIntRange: .ids(ids(limit: int(2) == 0 ? 40 : 800))
        case .arrayOfRanges, .nArrayOfRanges:
            .records(
                (0..<int(3)).map { _ in
                    GPPRangeRecord(key: int(64), type: int(4), ids: ids(limit: int(2) == 0 ? 30 : 400))
                }
            )
        }
    }

    /// A US section with every field random, its version, layout and sub-sections too.
    mutating func us(_ id: Int) -> USSection {
        var section = USSection(id: id)!
        let versions = section.definition.cores.keys.sorted()
        section.version = versions[int(versions.count)]
        if id == 7 && section.version == 1 && bool() { section.compatibility = .usnatVersion1WithVersion2Widths }
        if section.definition.style == .mspa { section.layout = bool() ? .sectionHeader : .noHeader }
        section.core = section.coreFields.map { value($0.type) }
        // Without a section header, an MspaVersion equal to the section id reads as a header.
        if section.layout == .noHeader, section.core[0] == .int(id) { section.core[0] = .int(1) }
        for subsection in section.definition.subsections where bool() {
            section.subsections[subsection.id] = subsection.fields.map { value($0.type) }
        }
        return section
    }

    mutating func canada() -> TCFCanadaSection {
        var section = TCFCanadaSection()
        section.core = TCFCanadaSection.coreFields.map { value($0.type) }
        section.encoding = TCFCanadaSection.Encoding.allCases[int(3)]
        if int(4) == 0 {
            section.hasPubRestrictions = false
            section.core[section.core.count - 1] = .records([])
        }
        if bool() { section.disclosedVendors = ids(limit: 300) }
        if bool() {
            let count = int(64)
            section.publisherPurposes = [
                .ids(ids(limit: 24)), .ids(ids(limit: 24)), .int(count),
                .ids(ids(limit: max(count, 1)).filter { $0 <= count }),
                .ids(ids(limit: max(count, 1)).filter { $0 <= count }),
            ]
        }
        return section
    }

    mutating func usPrivacy() -> USPrivacySection {
        let flags: [USPrivacySection.Flag] = [.yes, .no, .notApplicable]
        return USPrivacySection(notice: flags[int(3)], optOutSale: flags[int(3)], lspaCovered: flags[int(3)])
    }

    /// The ids ``section(_:)`` builds: every section with a table but TCF EU v2 (IABTCF's random
    /// models cover it), so a new section's table row is built here the day it exists.
    static let ids = GPPSection.supportedIds.filter { $0 != 2 }

    mutating func section(_ id: Int) -> GPPSection {
        switch id {
        case 5: .tcfCaV1(canada())
        case 6: .usPrivacy(usPrivacy())
        default: .us(us(id))
        }
    }

    /// `text` with one random edit: a character replaced, deleted or inserted, or the text cut.
    mutating func mutant(of text: String) -> String {
        var bytes = Array(text.utf8)
        let pool = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.~+=".utf8)
        let at = int(bytes.count)
        switch int(4) {
        case 0: bytes[at] = pool[int(pool.count)]
        case 1: bytes.remove(at: at)
        case 2: bytes.insert(pool[int(pool.count)], at: at)
        default: bytes.removeSubrange(at...)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
