#if canImport(AppTrackingTransparency)
import AppTrackingTransparency
#endif

/// Apple's App Tracking Transparency status, plus `unavailable` where there is no ATT.
///
/// The raw values are Apple's (`ATTrackingManager.AuthorizationStatus`): 0 notDetermined,
/// 1 restricted, 2 denied, 3 authorized. Any other raw value fails closed as ``denied``.
public enum ATTStatus: String, Sendable, Hashable, CaseIterable {
    /// 0: the user has not been asked yet. No tracking until they answer.
    case notDetermined
    /// 1: tracking is restricted (parental controls, a profile, or the global switch in some OS
    /// versions); the alert cannot be shown.
    case restricted
    /// 2: the user chose "Ask App Not to Track", or turned tracking off in Settings.
    case denied
    /// 3: the user allowed tracking.
    case authorized
    /// No ATT on this system: iOS, iPadOS and tvOS before 14, watchOS, native macOS (where the status
    /// always reads notDetermined), Linux and other platforms.
    case unavailable

    /// The status for Apple's raw value; unknown values fail closed as ``denied``.
    public init(rawStatus: UInt) {
        switch rawStatus {
        case 0: self = .notDetermined
        case 1: self = .restricted
        case 2: self = .denied
        case 3: self = .authorized
        default: self = .denied
        }
    }

    /// The status for a raw value read as a signed integer (Adjust's SDK returns an `int`); negative
    /// and other unknown values fail closed as ``denied``.
    public init(rawStatus: Int) {
        self.init(rawStatus: UInt(clamping: rawStatus < 0 ? Int.max : rawStatus))
    }

    /// Apple's raw value, or `nil` for ``unavailable``.
    public var rawStatus: UInt? {
        switch self {
        case .notDetermined: 0
        case .restricted: 1
        case .denied: 2
        case .authorized: 3
        case .unavailable: nil
        }
    }

    /// A platform, for deciding whether ATT exists.
    public enum Platform: String, Sendable, Hashable, CaseIterable {
        /// iOS: ATT from 14.
        case iOS
        /// iPadOS: ATT from 14.
        case iPadOS
        /// tvOS: ATT from 14.
        case tvOS
        /// visionOS: ATT from its first version.
        case visionOS
        /// watchOS: no ATT.
        case watchOS
        /// Native macOS: the status always reads notDetermined, so it counts as no ATT.
        case macOS
        /// Linux: no ATT.
        case linux
        /// Anything else: no ATT.
        case other
    }

    /// The status on `platform` at OS major version `osMajorVersion`, given the raw status read there
    /// (`nil` when none could be read): ``unavailable`` where ATT does not exist.
    public init(platform: Platform, osMajorVersion: Int, rawStatus: UInt?) {
        let hasATT: Bool
        switch platform {
        case .iOS, .iPadOS, .tvOS: hasATT = osMajorVersion >= 14
        case .visionOS: hasATT = true
        case .watchOS, .macOS, .linux, .other: hasATT = false
        }
        guard hasATT, let rawStatus else {
            self = .unavailable
            return
        }
        self.init(rawStatus: rawStatus)
    }

    /// The status on this device, read fresh each time (iOS 17.4 can report a stale value in the
    /// request callback: read it again when the app becomes active).
    public static var current: ATTStatus {
        #if canImport(AppTrackingTransparency) && (os(iOS) || os(tvOS) || os(visionOS))
        if #available(iOS 14, tvOS 14, *) {
            return ATTStatus(rawStatus: ATTrackingManager.trackingAuthorizationStatus.rawValue)
        }
        return .unavailable
        #else
        // Native macOS always reports notDetermined; elsewhere there is no ATT at all.
        return .unavailable
        #endif
    }
}
