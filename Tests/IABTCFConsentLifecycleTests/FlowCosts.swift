import Foundation
import IABTCFAppTracking
import IABTCFConsentLifecycle
import IABTCFVendorList
import Testing

/// What each flow costs on three first-launch journeys: the table of IABTCFAppTracking's article
/// "Choosing a consent flow" (section "What each flow costs"), row by row. The rows come from the
/// lifecycle simulator, and the test compares them with the article's table, so the table cannot
/// drift from the engine.
@MainActor
@Suite struct FlowCosts {
    /// The journeys of the table's columns: the person's ATT answer, then their CMP answer.
    static let journeys: [(att: ATTAnswer, cmp: CMPAnswer)] = [
        (.allow, .acceptAll), (.askNotToTrack, .acceptAll), (.askNotToTrack, .rejectAll),
    ]

    /// The article, next to the sources.
    static let article = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/IABTCFAppTracking/Docs.docc/ChoosingAFlow.md")

    /// A cell: what may run once the journey reached its fixed point.
    static func cell(_ answer: ConsentAnswer) -> String {
        let ads = answer.adServing.map { "ads `\($0.mode.rawValue)`" } ?? "no TC string"
        return "trackers \(answer.trackersAllowed ? "✓" : "✗"), IDFA \(answer.idfaAllowed ? "✓" : "✗"), \(ads)"
    }

    /// The flow's name in the article: a link to its strategy or guide.
    static func link(_ flowCase: FlowCase) -> String {
        if let strategy = ATTStrategy.allCases.first(where: { flowCase.name == "strategy \($0.rawValue)" }) {
            return "``ATTStrategy/\(strategy)``"
        }
        let guide = ATTFlow.allCases.first { flowCase.name == "guide \($0.rawValue)" }
        return "``ATTFlow/\(guide.map { "\($0)" } ?? flowCase.name)``"
    }

    /// The table's rows as the simulator gives them.
    static func rows() async -> [String] {
        var rows: [String] = []
        for flowCase in FlowCase.all {
            var cells = [link(flowCase)]
            for journey in journeys {
                await simulate(flowCase) { sim in
                    sim.attAnswers = [journey.att]
                    sim.cmpAnswers = [journey.cmp]
                    cells.append(cell(await sim.reachFixedPoint()))
                }
            }
            rows.append("| " + cells.joined(separator: " | ") + " |")
        }
        return rows
    }

    @Test func articleTableIsTheSimulators() async throws {
        let text = try String(contentsOf: Self.article, encoding: .utf8)
        let documented = text.split(separator: "\n").map(String.init)
            .filter { $0.hasPrefix("| ``ATTStrategy/") || $0.hasPrefix("| ``ATTFlow/") }
            .filter { $0.contains("trackers ") }
        let derived = await Self.rows()
        #expect(
            documented == derived,
            "ChoosingAFlow's \"What each flow costs\" table differs from the simulator; its rows are:\n\(derived.joined(separator: "\n"))"
        )
    }
}
