// Section 9 — Advanced models
// A video: a media item with a length. See MediaItem.swift for the goal.

import PersistenceCore

/// A film clip in the library.
@Model
public final class Video: MediaItem {
    // TODO: Replace both placeholders with stored properties of the same name and type.

    /// How long it plays, in seconds.
    public var duration: TimeInterval { get { 0 } set {} }
    /// How sharp it is; stored as its raw value.
    public var quality: VideoQuality { get { .standard } set {} }
    /// Where the player stopped, in seconds: screen state that the context tracks, so the screen and
    /// `hasChanges` see it change, but that is never stored — a relaunch starts again at 0.
    // TODO: Replace the placeholder with a property the context tracks but the store never keeps,
    //       starting at 0.
    public var playbackPosition: TimeInterval { get { 0 } set {} }

    /// The length as a player shows it, counting whole seconds: "m:ss" under an hour ("0:59",
    /// "12:05"), "h:mm:ss" from an hour on ("1:00:00").
    public var formattedDuration: String {
        // TODO: Split the whole seconds into hours, minutes and seconds; pad to two digits where a
        //       number follows a colon.
        ""
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
        // TODO: Set this class's own stored properties first; the superclass's initializer comes last.
        super.init(title: title, source: source, fileName: fileName, addedAt: addedAt)
    }
}
