// The module learners import. Each part of the core lives in its own module; this one re-exports them
// so that `import PersistenceCore` gives the whole API, the way `import SwiftData` does on Apple platforms.
@_exported import PersistenceModels
@_exported import PersistenceSandbox
