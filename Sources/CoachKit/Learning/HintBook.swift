/// Hands out a section's hints one level at a time, remembering the levels already seen.
public struct HintBook: Sendable {
    /// The section whose hints these are.
    public var section: Course.Section

    /// The hint book of `section`.
    public init(section: Course.Section) {
        self.section = section
    }

    /// The next hint after the levels recorded in `progress`, and records it as seen.
    ///
    /// Once every level has been seen, the last one is repeated.
    /// - Returns: The 1-based level and its text, or `nil` when the section has no hints.
    public func next(recordingIn progress: inout Progress) -> (level: Int, text: String)? {
        guard !section.hints.isEmpty else { return nil }
        let seen = progress.hintsSeen[section.target] ?? 0
        let level = min(seen + 1, section.hints.count)
        progress.hintsSeen[section.target] = level
        return (level, section.hints[level - 1])
    }
}
