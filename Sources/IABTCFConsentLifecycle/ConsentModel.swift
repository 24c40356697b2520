public import Observation

/// The coordinator's answer as an observable model: a SwiftUI view that reads ``answer`` updates
/// whenever the answer changes (an activation, or the CMP's writes followed live: see
/// ``ConsentCoordinator/answers()``). Where the Observation framework exists: iOS, iPadOS and tvOS
/// 17, macOS 14, watchOS 10, visionOS 1, and Linux (every toolchain that builds this package has
/// the module; only the releases gate it).
///
/// The model is updated on the main actor, in the same step as the coordinator's ``ConsentCoordinator/answer``,
/// before any subscriber of ``ConsentCoordinator/answers()`` runs. It holds its coordinator; the
/// coordinator does not hold it (a model no one keeps stops being updated).
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
@Observable
public final class ConsentModel {
    /// The coordinator's current answer.
    public private(set) var answer: ConsentAnswer
    /// The coordinator it follows: call ``ConsentCoordinator/activate()`` and
    /// ``ConsentCoordinator/showPrivacyOptions()`` on it.
    @ObservationIgnored public let coordinator: ConsentCoordinator

    /// A model of `coordinator`'s answers, starting with its current one.
    public init(_ coordinator: ConsentCoordinator) {
        self.coordinator = coordinator
        answer = coordinator.answer
        coordinator.modelUpdates.append { [weak self] new in
            guard let self else { return false }
            if answer != new { answer = new }
            return true
        }
    }
}
