import Foundation
import PersistenceSandbox
import Testing

@Test("the container's folders sit where iOS puts them")
func containerLayout() {
    let sandbox = AppSandbox(appIdentifier: "com.example.App", deviceRoot: URL(filePath: "/device"))
    #expect(sandbox.documentsDirectory.path == "/device/Containers/com.example.App/Documents")
    #expect(sandbox.applicationSupportDirectory.path == "/device/Containers/com.example.App/Library/Application Support")
    #expect(sandbox.cachesDirectory.path == "/device/Containers/com.example.App/Library/Caches")
    #expect(sandbox.temporaryDirectory.path == "/device/Containers/com.example.App/tmp")
    #expect(sandbox.vaultDirectory.path == "/device/Vault")
}
