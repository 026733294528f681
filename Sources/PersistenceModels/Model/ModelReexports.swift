// Model code written for `import SwiftData` uses Foundation types and Observation without importing them.
@_exported import Foundation
@_exported import Observation

/// The registrar `@Model` gives each model, named so that expanded code does not depend on the caller's imports.
public typealias _ModelObservationRegistrar = Observation.ObservationRegistrar

/// The observation protocol `@Model` conforms models to, named so that expanded code does not depend on the caller's imports.
public typealias _ModelObservable = Observation.Observable
