import Foundation
import IABTCF
import IABTCFAppTracking
import IABTCFConsentLifecycle
import IABTCFStorage
import Testing

extension Simulation {
    /// The answer's Google consent mode values are the library's for the keys the activation left
    /// (`StoredConsent.consentMode(att:today:maximumAge:)`, Google's inference flag included), and
    /// no advertising type is granted while ATT does not allow tracking.
    func checkConsentMode(_ answer: ConsentAnswer, sourceLocation: SourceLocation) {
        let stored = StoredConsent(inAppKeys: defaults.readConsentKeys())
        let expected = stored.consentMode(att: status, today: Timestamp(now), maximumAge: flowCase.flow.maximumAge)
        if answer.step != nil && answer.consentMode != expected {
            let given = "\(answer.consentMode.values) with \(answer.consentMode.reasons)"
            let keys = "\(expected.values) with \(expected.reasons)"
            Issue.record("consent mode agrees: \(given), the keys give \(keys)", sourceLocation: sourceLocation)
        }
        let advertising = ConsentMode.ConsentType.advertising.map(answer.consentMode.value(of:))
        if status != .authorized && status != .unavailable && advertising.contains(.granted) {
            Issue.record("no ad_ type granted with ATT \(status.rawValue)", sourceLocation: sourceLocation)
        }
    }
}
