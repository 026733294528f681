import Foundation
import Testing

@testable import PersistenceSandbox

@Test("withCurrent makes a sandbox current for the task only")
func currentInsideTask() async {
    let sandbox = AppSandbox.temporary()
    let inside = AppSandbox.withCurrent(sandbox) { AppSandbox.current }
    let insideAsync = await AppSandbox.withCurrent(sandbox) { () async in AppSandbox.current }
    #expect(inside == sandbox)
    #expect(insideAsync == sandbox)
    #expect(AppSandbox.current != sandbox)
}

@Test("the default sandbox of a real app lives in the XDG data home under the app identifier")
func environmentDefaultUsesXDGDataHome() {
    let sandbox = AppSandbox.environmentDefault(["XDG_DATA_HOME": "/data", "PERSISTENCE_APP_ID": "com.example.Notes"])
    #expect(sandbox.deviceRoot.path == "/data/persistence-workbench")
    #expect(sandbox.containerURL.path == "/data/persistence-workbench/Containers/com.example.Notes")
}

@Test("an explicit device root wins over the XDG data home")
func environmentDefaultUsesDeviceRoot() {
    let sandbox = AppSandbox.environmentDefault(["XDG_DATA_HOME": "/data", "PERSISTENCE_DEVICE_ROOT": "/phone"])
    #expect(sandbox.deviceRoot.path == "/phone")
}

@Test("temporary sandboxes never share a device")
func temporarySandboxesDiffer() {
    #expect(AppSandbox.temporary().deviceRoot != AppSandbox.temporary().deviceRoot)
}
