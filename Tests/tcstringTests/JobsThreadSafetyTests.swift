import Foundation
import IABTCF
import TestSupport
import Testing

/// The tool's `--jobs` workers, compared with one job; `scripts/check-thread-safety.sh` runs it
/// under the thread sanitizer (the tool is built sanitized too).
@Suite struct JobsThreadSafetyTests {
    static let strings: [String] = GVLFixtures.corpus.compactMap { try? $0.encoded(.preservingLayout) }

    /// `decode --jobs 3` on enough lines that every round runs on three threads: the output is the
    /// serial output and the tool reports nothing on standard error (a thread-sanitized build
    /// prints any race there and exits with 66).
    @Test func cliJobsMatchOneJobWithNothingOnStandardError() throws {
        let lines = (0..<2_000).map { Self.strings[$0 % Self.strings.count] }
        let input = lines.joined(separator: "\n") + "\n"
        let serial = try CommandLineTool.run(["decode", "--jobs", "1", "-"], stdin: input)
        let parallel = try CommandLineTool.run(["decode", "--jobs", "3", "-"], stdin: input)
        #expect(serial.status == 0 && parallel.status == 0)
        #expect(parallel.stderr == "")
        #expect(parallel.stdout == serial.stdout)
        #expect(parallel.stdout.split(separator: "\n").count == lines.count)
    }
}

/// Every other command that streams on several jobs, under the same check: with three jobs the
/// output is the one-job output and standard error holds only what one job writes there.
@Suite struct StreamingCommandsThreadSafetyTests {
    static let v17 = Fixtures.directory.appendingPathComponent("gvl/vendor-list-v17-spec3.json").path

    @Test(arguments: [
        ["permissions", "--gvl", v17, "--vendor", "755"], ["permissions", "--gvl", v17, "--compact"],
        ["renew", "--gvl", v17, "--today", "2026-11-27"], ["validate", "--json"], ["explain"],
        ["ads", "--today", "2026-11-27"], ["inapp"], ["reencode"],
    ])
    func jobsMatchOneJob(_ command: [String]) throws {
        let lines = (0..<600).map { JobsThreadSafetyTests.strings[$0 % JobsThreadSafetyTests.strings.count] }
        let input = lines.joined(separator: "\n") + "\n"
        let serial = try CommandLineTool.run(command + ["--jobs", "1", "-"], stdin: input)
        let parallel = try CommandLineTool.run(command + ["--jobs", "3", "-"], stdin: input)
        #expect(parallel.status == serial.status, "\(command)")
        #expect(parallel.stderr == serial.stderr, "\(command)")
        #expect(parallel.stdout == serial.stdout, "\(command)")
    }
}
