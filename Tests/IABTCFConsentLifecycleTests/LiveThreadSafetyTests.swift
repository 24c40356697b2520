import IABTCF
import IABTCFAppTracking
import IABTCFConsentLifecycle
import IABTCFStorage
import Testing

/// The coordinator's live answers under concurrent writers: tasks on other threads write the store
/// while the coordinator (main actor) follows it and a detached subscriber reads the answers;
/// `scripts/check-thread-safety.sh` runs it under the thread sanitizer.
@Suite struct LiveThreadSafetyTests {
    @Test func concurrentWritersAndASubscriber() async throws {
        let store = InMemoryConsentStore()
        let accepted = try LiveAnswers.choice(.acceptAll).inAppKeys(gdprApplies: true)
        let rejected = try LiveAnswers.choice(.rejectAll).inAppKeys(gdprApplies: true)
        let coordinator = await MainActor.run { LiveAnswers.coordinator(store).0 }
        let first = await coordinator.activate()
        let answers = await coordinator.answers()
        let subscriber = Task.detached {
            var received: [ConsentAnswer] = []
            for await answer in answers {
                received.append(answer)
                if answer.step?.consent == .refused { break }
            }
            return received
        }
        // Writers alternate Accept All and a reset: never Reject All, whose answer ends the run.
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<8 {
                group.addTask {
                    for round in 0..<40 {
                        if (writer + round) % 2 == 0 {
                            store.writeInAppKeys(accepted)
                        } else {
                            store.removeInAppKeys()
                        }
                    }
                }
            }
        }
        store.writeInAppKeys(rejected)
        let received = await subscriber.value
        #expect(received.first == first)
        #expect(received.last?.step?.consent == .refused)
        #expect(!zip(received, received.dropFirst()).contains { $0 == $1 })
        #expect(received.allSatisfy { !$0.trackersAllowed || $0.step?.consent == .granted })
        let last = await coordinator.answer
        #expect(received.last == last)
    }
}
