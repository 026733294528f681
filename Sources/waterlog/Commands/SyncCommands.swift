import ArgumentParser
import Foundation
import PersistenceCore
import PersistenceWorkbench

extension WaterLogCommand {
    struct Account: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Sign the device in to a simulated iCloud account: `account sign-in you@example.com`."
        )

        @OptionGroup var options: DeviceOptions

        @Argument var words: [String]

        func run() throws {
            let sandbox = options.selectSandbox()
            let device = CloudDevice(sandbox)
            switch (words.first, words.count) {
            case ("sign-in", 2):
                if let name = options.device { try device.rename(to: name) }
                try device.signIn(appleID: words[1])
                print("\(device.name) is signed in to iCloud as \(words[1]).")
            case ("sign-out", 1):
                try device.signOut()
                print("\(device.name) is signed out of iCloud.")
            default:
                throw WaterLogCLIError(
                    "Write `waterlog account sign-in you@example.com` or `waterlog account sign-out`.")
            }
        }
    }

    struct Network: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Turn the simulated device's network on or off.")

        @OptionGroup var options: DeviceOptions

        @Argument(help: "on or off")
        var state: String

        func run() throws {
            let device = CloudDevice(options.selectSandbox())
            guard state == "on" || state == "off" else {
                throw WaterLogCLIError("Write `waterlog network on` or `waterlog network off`.")
            }
            try device.setNetworkAvailable(state == "on")
            print("\(device.name) is \(state == "on" ? "online" : "offline").")
        }
    }

    struct Sync: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Send and receive entries through iCloud now.")

        @OptionGroup var options: DeviceOptions

        func run() throws {
            let (sandbox, log) = try options.open(syncing: false)
            guard CloudDevice(sandbox).appleID != nil else {
                throw WaterLogCLIError(
                    "This device is not signed in to iCloud: `waterlog account sign-in you@example.com` first.")
            }
            let report = try log.context.container.syncWithCloudKit()
            print("Sent \(report.sent.count) and received \(report.received.count) entries.")
        }
    }
}
