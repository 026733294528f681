// Model code written for `import SwiftData` uses Foundation types and Observation without importing them.
@_exported import Foundation
@_exported import Observation

/// The observation registrar `@Model` gives each model, made on the model's first read or write and held by
/// reference.
///
/// A model keeps only a reference to it, so a model that is released pays one release for it, whether it
/// was observed or not; an optional `ObservationRegistrar` stored in the model itself costs the generic
/// destruction of a value from another module on every model released.
public final class _ModelObservationRegistrar: Sendable {
    @usableFromInline let registrar = ObservationRegistrar()

    public init() {}

    /// Records that `keyPath` of `subject` was read, for the observer tracking this read, if any.
    @inlinable
    public func access<Subject: Observable, Member>(_ subject: Subject, keyPath: KeyPath<Subject, Member>) {
        registrar.access(subject, keyPath: keyPath)
    }

    /// Runs `mutation`, telling the observers of `keyPath` of `subject` before and after.
    @inlinable
    public func withMutation<Subject: Observable, Member, Result>(
        of subject: Subject, keyPath: KeyPath<Subject, Member>, _ mutation: () throws -> Result
    ) rethrows -> Result {
        try registrar.withMutation(of: subject, keyPath: keyPath, mutation)
    }
}

/// The observation protocol `@Model` conforms models to, named so that expanded code does not depend on the caller's imports.
public typealias _ModelObservable = Observation.Observable
