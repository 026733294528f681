import Foundation

extension SortDescriptor where Compared: PersistentModel {
    /// Sorts models by a `Bool` property, `false` before `true` in forward order.
    ///
    /// `Bool` is not `Comparable`, so Foundation has no such initializer; models sort on flags such as
    /// `isPinned` all the time, so the store provides one.
    ///
    /// ```swift
    /// let pinnedFirst = SortDescriptor(\Note.isPinned, order: .reverse)
    /// ```
    public init(_ keyPath: any KeyPath<Compared, Bool> & Sendable, order: SortOrder = .forward) {
        let ranked: KeyPath<Compared, Int> = keyPath.appending(path: \Bool._sortRank)
        // Key paths are immutable; appending two sendable key paths yields one that is safe to share,
        // but the type system cannot see that, so the marker is added by reinterpretation.
        self.init(unsafeBitCast(ranked, to: (any KeyPath<Compared, Int> & Sendable).self), order: order)
    }
}

extension Bool {
    /// The flag as a sortable number: 0 for `false`, 1 for `true`.
    public var _sortRank: Int { self ? 1 : 0 }
}
