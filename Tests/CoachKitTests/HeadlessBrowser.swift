import Foundation

/// Debian's Chromium, run headless on local files as a person's browser would load them, with no way
/// out to the network: every host name resolves to nothing and every request goes to a closed local
/// port. `.ci/setup` installs it.
struct HeadlessBrowser {
    /// The program.
    let program: URL
    /// A profile folder of its own, so nothing of the machine's is read or written.
    let profile: URL

    /// Chromium where Debian puts it or on the `PATH`, or `nil` when it is not installed.
    static let installed: HeadlessBrowser? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let candidates =
            ["/usr/bin/chromium"]
            + path.split(separator: ":").flatMap { folder in
                ["chromium", "chromium-browser"].map { "\(folder)/\($0)" }
            }
        guard let found = candidates.first(where: FileManager.default.isExecutableFile(atPath:)) else { return nil }
        let profile = FileManager.default.temporaryDirectory.appending(path: "coach-chromium-\(UUID().uuidString)")
        return HeadlessBrowser(program: URL(filePath: found), profile: profile)
    }()

    /// What went wrong running the browser.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The options of every run: headless, no sandbox (tests run as root in CI), no GPU, nothing fetched.
    private var options: [String] {
        [
            "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(profile.path)", "--no-first-run",
            "--no-default-browser-check", "--disable-background-networking", "--disable-component-update",
            "--disable-sync", "--disable-extensions", "--disable-default-apps", "--host-resolver-rules=MAP * ~NOTFOUND",
            "--proxy-server=127.0.0.1:9", "--hide-scrollbars",
        ]
    }

    /// The document `url` shows once its scripts ran, serialized.
    ///
    /// Headless Chromium cannot dump a document with JavaScript switched off (its dump runs a script of
    /// its own), so a page is read as a reader without scripts gets it through a copy whose content
    /// security policy refuses every script.
    func dom(of url: URL, width: Int = 1024) throws -> String {
        try run(options + ["--window-size=\(width),1200", "--dump-dom", url.absoluteString])
    }

    /// Saves a PNG of `url` at `width` × `height` CSS pixels to `file`.
    func screenshot(of url: URL, to file: URL, width: Int, height: Int) throws {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? FileManager.default.removeItem(at: file)
        _ = try run(options + ["--window-size=\(width),\(height)", "--screenshot=\(file.path)", url.absoluteString])
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw Failure(description: "chromium wrote no screenshot to \(file.path)")
        }
    }

    /// Runs the browser with `arguments` and returns what it printed, stopping it after 30 seconds.
    private func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = profile.path
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 30, execute: watchdog)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        watchdog.cancel()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let page = arguments.last ?? ""
            throw Failure(description: "chromium \(page) ended with status \(process.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
