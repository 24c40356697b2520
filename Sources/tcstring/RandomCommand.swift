import IABTCF
import TCStringToolSupport

/// `tcstring random [--count N] [--seed S]`: N canonical TC strings of seeded random models, one per
/// line, covering every feature (ranges, restrictions, every segment, custom purposes). For
/// differential testing against other decoders (scripts/differential.sh).
enum RandomCommand {
    static func run(_ arguments: [String]) -> Int32 {
        var count = 100
        var seed: UInt64 = 1
        var arguments = Arguments(arguments, command: "random")
        arguments.parse { option, arguments in
            switch option {
            case "--count": count = arguments.value(of: option, "a number") { Int($0).flatMap { $0 >= 0 ? $0 : nil } }
            case "--seed": seed = arguments.value(of: option, "a number") { UInt64($0) }
            default: return false
            }
            return true
        } operand: { operand, arguments in
            arguments.fail("unexpected \(operand)")
        }
        var rng = SplitMix64(seed: seed)
        for _ in 0..<count {
            do {
                Terminal.out(try RandomModels.model(&rng).encoded())
            } catch {
                Terminal.err("tcstring: a random model failed to encode: \(error)")
                return Terminal.failure
            }
        }
        return 0
    }
}
