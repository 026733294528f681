// Section 9 — Advanced models
// A video: a media item with a length. See MediaItem.swift for the goal.

import PersistenceCore

/// A film clip in the library.
@Model
public final class Video: MediaItem {
    /// How long it plays, in seconds.
    public var duration: TimeInterval
    /// How sharp it is; stored as its raw value.
    public var quality: VideoQuality
    /// Where the player stopped, in seconds: screen state that the context tracks, so the screen and
    /// `hasChanges` see it change, but that is never stored — a relaunch starts again at 0.
    @Attribute(.ephemeral) public var playbackPosition: TimeInterval = 0

    /// The length as a player shows it, counting whole seconds: "m:ss" under an hour ("0:59",
    /// "12:05"), "h:mm:ss" from an hour on ("1:00:00").
    public var formattedDuration: String {
        let total = Int(duration)
        let hours = total / 3600
        let minutes = total % 3600 / 60
        let seconds = total % 60
        if hours > 0 {
            return "\(hours):" + twoDigits(minutes) + ":" + twoDigits(seconds)
        }
        return "\(minutes):" + twoDigits(seconds)
    }

    /// Creates a video.
    ///
    /// - Parameters:
    ///   - title: The name shown in the library.
    ///   - source: The device the file came from.
    ///   - fileName: The file's name on that device.
    ///   - duration: How long it plays, in seconds.
    ///   - quality: How sharp it is.
    ///   - addedAt: When it was added; now unless given.
    public init(
        title: String, source: String, fileName: String, duration: TimeInterval, quality: VideoQuality, addedAt: Date = .now
    ) {
        self.duration = duration
        self.quality = quality
        super.init(title: title, source: source, fileName: fileName, addedAt: addedAt)
    }
}

/// `value` with a leading zero below 10.
private func twoDigits(_ value: Int) -> String {
    value < 10 ? "0\(value)" : "\(value)"
}
