/// The words of every set of one id up to 2,048, shared by every decode whose vendor sets each
/// hold at most one id (and that has no publisher restrictions): such a decode allocates nothing,
/// its sets are slices of these words.
///
/// A set of one id in word `w` (0-based) is `w` zero words and then a word with one bit set, so
/// these words are 64 blocks of ``blockWords``: block `b` is zero words and then, last, the word
/// with only bit `63 - b` set (vendor `64 * w + b + 1` in the set's MSB-first layout).
enum OneIDWords {
    /// Words per block: the one-id sets of ids up to 64 times as many (2,048).
    static let blockWords = 32
    /// The 64 blocks (16 KiB), made once.
    static let storage: [UInt64] = (0..<64 * blockWords).map { index in
        index % blockWords == blockWords - 1 ? (1 as UInt64) << (63 - index / blockWords) : 0
    }

    /// Where the words of the set `{id}` start in ``storage`` (`id` in `1...64 * blockWords`); they are
    /// `(id + 63) / 64` words.
    @inline(__always)
    static func offset(of id: Int) -> Int {
        let index = id &- 1
        return (index & 63) &* blockWords &+ (blockWords &- 1) &- (index &>> 6)
    }
}
