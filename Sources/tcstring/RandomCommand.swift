import IABTCF

/// `tcstring random [--count N] [--seed S]`: N canonical TC strings of seeded random models, one per
/// line, covering every feature (ranges, restrictions, every segment, custom purposes). For
/// differential testing against other decoders (scripts/differential.sh).
enum RandomCommand {
    static func run(_ arguments: [String]) -> Int32 {
        var count = 100
        var seed: UInt64 = 1
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--count":
                guard let text = rest.popFirst(), let n = Int(text), n >= 0 else {
                    Terminal.usageError("--count takes a number")
                }
                count = n
            case "--seed":
                guard let text = rest.popFirst(), let n = UInt64(text) else {
                    Terminal.usageError("--seed takes a number")
                }
                seed = n
            default:
                Terminal.usageError("unexpected \(argument)")
            }
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
