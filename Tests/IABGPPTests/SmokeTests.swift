import IABGPP
import Testing

@Suite struct SmokeTests {
    @Test(arguments: [
        "DBABL~BVQqAAAAAg", "DBABLA~BVQVAAAAAAGA.YA", "DBABM~CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA",
        "DBABMA~CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA", "DBABjw~BPXuQIAPXuQIAAfKABENB-CgAAAAAAAAAAAAAAAA~1YN-",
        "DBABzw~1YNN~BVVqAAEABg.QA",
    ])
    func smoke(_ text: String) throws {
        let gpp = try GPPString(encoded: text)
        for section in gpp.sections { print(section.id, section.name ?? "-", section.fieldsJSON ?? "-") }
        #expect(try gpp.encoded(.preservingLayout) == text)
        print(try gpp.encoded())
    }
}
