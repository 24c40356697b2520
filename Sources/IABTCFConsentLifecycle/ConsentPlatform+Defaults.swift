public import Foundation
public import IABTCFAppTracking
public import IABTCFStorage

#if canImport(AppTrackingTransparency) && (os(iOS) || os(tvOS) || os(visionOS))
import AppTrackingTransparency
#endif

// What a device provides by itself: an app implements only `showCMP(allowingTracking:)` and, to
// show Apple's expanded sheet or Google's explainer, `requestATT(explainer:)`; `reject(_:)` when
// its CMP keeps a state of its own.
extension ConsentPlatform {
    /// `ATTStatus.current`: the device's status, read afresh.
    public func attStatus() -> ATTStatus { .current }

    /// Apple's classic ATT alert (`ATTrackingManager.requestTrackingAuthorization()`, iOS, tvOS
    /// and visionOS from 14) where the device has ATT; elsewhere it returns at once. It never
    /// reports ``ATTPromptOutcome/additionalInformation``: implement this requirement to use the
    /// expanded sheet of iOS 27.2 (its Swift name changed during the betas, so it stays in the app,
    /// behind `if #available`) or to show Google's IDFA explainer when `explainer` is `true`.
    public func requestATT(explainer: Bool) async -> ATTPromptOutcome {
        #if canImport(AppTrackingTransparency) && (os(iOS) || os(tvOS) || os(visionOS))
        if #available(iOS 14, tvOS 14, *) {
            _ = await ATTrackingManager.requestTrackingAuthorization()
        }
        #endif
        return .closed
    }

    /// Does nothing: a CMP that keeps no state of its own beyond the keys needs no call.
    public func reject(_ decision: ConsentFlow.Decision) {}

    /// `ProcessInfo.processInfo.operatingSystemVersion`.
    public var osVersion: OperatingSystemVersion { ProcessInfo.processInfo.operatingSystemVersion }

    /// `ConsentFlow.Region.other` unless the app knows better: an answered ATT
    /// prompt is then never asked again, the conservative reading.
    public var region: ConsentFlow.Region { .other }

    /// `Date()`.
    public var now: Date { Date() }

    /// `store.keyChanges()`: the store's own signal.
    public func consentKeyChanges(in store: any ConsentKeyValueStore) -> AsyncStream<Void> {
        store.keyChanges()
    }
}
