/// Up to four elements stored inline: the segment records of a decode and the segment plan of an
/// encode, which would otherwise each cost an allocation. A TC string has at most four segments.
struct FixedList4<Element>: RandomAccessCollection {
    /// Not optionals: a filler value keeps the storage as small as four elements.
    private var storage: (Element, Element, Element, Element)
    private(set) var count = 0

    /// An empty list; `filler` occupies the unused slots and is never read.
    init(filler: Element) { storage = (filler, filler, filler, filler) }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(index: Int) -> Element {
        precondition(index >= 0 && index < count, "index out of range")
        switch index {
        case 0: return storage.0
        case 1: return storage.1
        case 2: return storage.2
        default: return storage.3
        }
    }

    mutating func append(_ element: Element) {
        precondition(count < 4, "at most four elements")
        switch count {
        case 0: storage.0 = element
        case 1: storage.1 = element
        case 2: storage.2 = element
        default: storage.3 = element
        }
        count += 1
    }
}

extension FixedList4: Sendable where Element: Sendable {}
