// Section 4 — Models with @Model
// How urgent a task is. You do not need to change this file.

import PersistenceCore

/// How urgent a task is. A `String` raw value and `Codable` let a model store it as the text "low",
/// "medium" or "high", so predicates and sorts can use it.
///
/// ```swift
/// let task = TaskItem(title: "Renew passport", priority: .high)
/// ```
public enum Priority: String, Codable, CaseIterable, Sendable {
    /// Can wait.
    case low
    /// The usual urgency; new tasks start here.
    case medium
    /// Do it first.
    case high
}
