import IABTCF
import IABTCFVendorList
import TestSupport
import Testing

/// A vendor list and its permission matrices shared across tasks, compared with a serial run;
/// `scripts/check-thread-safety.sh` runs it under the thread sanitizer.
@Suite struct MatrixThreadSafetyTests {
    /// One vendor list and one string shared by tasks that build and query permission matrices.
    @Test func permissionMatrixSharedAcrossTasksMatchesASerialRun() async {
        let gvl = GVLFixtures.v17
        let values = Array(GVLFixtures.corpus.prefix(40))
        let shared = values.map { $0.permissions(in: gvl) }
        func answers(_ matrix: PermissionMatrix) -> [Int] {
            (1...PurposeSet.maxID).map { matrix.allowedVendors(purpose: $0).count }
                + (1...SpecialFeatureSet.maxID).map { matrix.allowedVendors(specialFeature: $0).count }
        }
        let expected = shared.map(answers)
        #expect(expected.contains { $0.contains { $0 > 0 } })
        let results = await withTaskGroup(of: ([[Int]], [[Int]]).self) { group in
            for _ in 0..<8 {
                group.addTask { (values.map { answers($0.permissions(in: gvl)) }, shared.map(answers)) }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        for (built, read) in results {
            #expect(built == expected)
            #expect(read == expected)
        }
    }
}
