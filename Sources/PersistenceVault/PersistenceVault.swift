// Keychain helpers often import only Security yet use `Data` and `LocalizedError`. Re-exporting
// Foundation lets such a file compile with `import PersistenceCore` in place of `import Security`.
@_exported import Foundation
