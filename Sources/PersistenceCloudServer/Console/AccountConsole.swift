import Foundation

/// What an account holds, as text, in the spirit of CloudKit's console: its zones, record types with
/// their fields, records with their fields and change tags, tombstones, and each device's last sync.
///
/// ```swift
/// print(try AccountConsole(account: SimulatedICloud.default.account("you@example.com")).overview())
/// ```
public struct AccountConsole: Sendable {
    /// The account shown.
    public let account: SQLiteAccountServer

    /// A console for `account`.
    public init(account: SQLiteAccountServer) {
        self.account = account
    }

    /// The whole account: zones, record types, records (at most `recordLimit` per zone), tombstones and devices.
    ///
    /// - Throws: ``CloudServerError`` when the account cannot be read.
    public func overview(recordLimit: Int = 50, recordType: String? = nil) throws(CloudServerError) -> String {
        var lines = ["iCloud account \(account.appleID)  (\(account.databaseURL.path))"]
        let zones = try account.zones()
        let devices = try account.devices()
        let containers = Set(zones.map(\.containerIdentifier)).union(devices.map(\.containerIdentifier)).sorted()
        if containers.isEmpty { lines.append("  No container has synced with this account yet.") }
        for container in containers {
            lines.append("")
            lines.append("Container \(container), private database")
            lines += try schemaLines(container)
            for zone in zones where zone.containerIdentifier == container {
                lines += try zoneLines(zone, recordLimit: recordLimit, recordType: recordType)
            }
            if !zones.contains(where: { $0.containerIdentifier == container }) {
                lines.append("  Zone \(CloudZone.coreDataZoneName): none (deleted, or never made)")
            }
            lines += deviceLines(devices.filter { $0.containerIdentifier == container })
        }
        return lines.joined(separator: "\n")
    }

    private func schemaLines(_ container: String) throws(CloudServerError) -> [String] {
        let schema = try account.deployedSchema(containerIdentifier: container)
        guard !schema.recordTypes.isEmpty else { return ["  Record types: none deployed yet"] }
        var lines = ["  Record types (deployed; fields can be added, never removed):"]
        for (type, fields) in schema.recordTypes.sorted(by: { $0.key < $1.key }) {
            let list = fields.map { "\($0.name) \($0.type.rawValue)" }.joined(separator: ", ")
            lines.append("    \(type): \(list)")
        }
        return lines
    }

    private func zoneLines(_ zone: CloudZoneSummary, recordLimit: Int, recordType: String?) throws(CloudServerError)
        -> [String]
    {
        var lines = [
            "  Zone \(zone.zoneName)  epoch \(zone.epoch), change counter \(zone.changeCounter), "
                + "\(zone.recordCount) record\(zone.recordCount == 1 ? "" : "s"), \(zone.tombstoneCount) tombstone\(zone.tombstoneCount == 1 ? "" : "s")"
        ]
        let (records, damaged) = try account.records(
            containerIdentifier: zone.containerIdentifier, zoneName: zone.zoneName, recordType: recordType)
        for record in records.suffix(recordLimit) {
            let version =
                record.version.map {
                    " saved by \($0.savedBy.name), \($0.saveCount) save\($0.saveCount == 1 ? "" : "s")"
                } ?? ""
            lines.append(
                "    \(record.recordType) \(record.recordName)  change tag \(record.changeTag ?? "-")\(version)")
            for (name, value) in record.fields.sorted(by: { $0.key < $1.key }) {
                lines.append("      \(name) \(value.typeName) = \(Self.shortened(value.description))")
            }
        }
        if records.count > recordLimit {
            lines.append("    … and \(records.count - recordLimit) earlier records (--limit shows more)")
        }
        for record in damaged {
            lines.append("    \(record.recordType) \(record.recordName)  DAMAGED: \(record.reason)")
        }
        let tombstones = try account.tombstones(containerIdentifier: zone.containerIdentifier, zoneName: zone.zoneName)
        for tombstone in tombstones.suffix(recordLimit) {
            lines.append(
                "    tombstone \(tombstone.recordType) \(tombstone.recordName)  deleted by \(tombstone.deletedBy.name) at change \(tombstone.changeCounter)"
            )
        }
        return lines
    }

    private func deviceLines(_ devices: [CloudDeviceSummary]) -> [String] {
        guard !devices.isEmpty else { return ["  Devices: none has synced yet"] }
        return ["  Devices:"]
            + devices.map { device in
                let (waiting, kept) = (device.pendingChanges, device.unappliedRecords)
                let unapplied =
                    kept == 0
                    ? "" : ", \(kept) record\(kept == 1 ? "" : "s") received but not applied (its schema cannot yet)"
                return
                    "    \(device.device.name)  last sync \(device.lastSyncAt.formatted(date: .abbreviated, time: .standard)), "
                    + "\(waiting) change\(waiting == 1 ? "" : "s") waiting then\(unapplied)  (\(device.storePath))"
            }
    }

    /// A value cut to one line of at most 60 characters.
    private static func shortened(_ text: String) -> String {
        let line = text.replacingOccurrences(of: "\n", with: "\\n")
        return line.count > 60 ? String(line.prefix(57)) + "…" : line
    }
}
