import Foundation
import PersistenceCloudServer
import PersistenceCrypto

#if canImport(Glibc)
import Glibc
#endif

/// Seals and opens the fields of attributes marked `.allowsCloudEncryption`, as CloudKit keeps a record's
/// `encryptedValues`: the device encrypts the value before sending it, with a key of the account's iCloud
/// Keychain that every device of the account shares and the servers never see, so the server and its
/// console hold only sealed bytes of an `ENCRYPTED_` type.
///
/// The key is 256 bits for AES-GCM, kept in the account's folder beside its server store, in
/// `Keychain/CloudKitEncryption.key`: the simulated iCloud Keychain, which the server's code never reads.
/// Each value is sealed with its record's type and name and its field's name as associated data, so a
/// sealed value copied into another field or record does not open.
struct CloudFieldEncryption {
    /// Why a sealed value cannot be opened, or the key cannot be read or made.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let key: SymmetricKey

    /// The key file of the account kept in `accountFolder`.
    static func keyFile(inAccountFolder accountFolder: URL) -> URL {
        accountFolder.appending(path: "Keychain", directoryHint: .isDirectory)
            .appending(path: "CloudKitEncryption.key")
    }

    /// The encryption of the account kept in `accountFolder`, its key read from the account's keychain,
    /// or made there on first use. Two processes making it at once end with the same key: each writes a
    /// file of its own and links it into place, and the one that finds a key there already reads it. The
    /// file a process killed while making the key left behind is removed by the next one to open it.
    ///
    /// - Throws: ``Failure`` when the key cannot be read or written, or is not a key.
    init(accountFolder: URL) throws(Failure) {
        let file = Self.keyFile(inAccountFolder: accountFolder)
        let folder = file.deletingLastPathComponent()
        defer { Self.removeAbandonedStagedKeys(in: folder) }
        if let key = try Self.readKey(at: file) {
            self.key = key
            return
        }
        do {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            let staged = folder.appending(path: "\(Self.stagedPrefix)\(getpid())-\(UUID().uuidString)")
            let fresh = SymmetricKey(size: .bits256)
            defer { unlink(staged.path) }
            try fresh.withUnsafeBytes { Data($0) }.write(to: staged)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: staged.path)
            if link(staged.path, file.path) != 0 && errno != EEXIST {
                throw Failure(description: "cannot store the key at \(file.path): \(String(cString: strerror(errno)))")
            }
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(description: "cannot store the key at \(file.path): \(error.localizedDescription)")
        }
        guard let key = try Self.readKey(at: file) else {
            throw Failure(description: "the key at \(file.path) is gone right after it was made")
        }
        self.key = key
    }

    /// The start of a key file's name while it is being made: the maker's process identifier follows.
    private static let stagedPrefix = ".CloudKitEncryption.key."

    /// Removes the staged key files of processes that no longer run (killed between writing the file and
    /// taking it away); a running maker's file is left to it.
    private static func removeAbandonedStagedKeys(in folder: URL) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names where name.hasPrefix(stagedPrefix) {
            let pidText = name.dropFirst(stagedPrefix.count).prefix { $0 != "-" }
            guard let pid = pid_t(pidText), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            unlink(folder.appending(path: name).path)
        }
    }

    private static func readKey(at file: URL) throws(Failure) -> SymmetricKey? {
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch CocoaError.fileReadNoSuchFile {
            return nil
        } catch {
            throw Failure(description: "cannot read the key at \(file.path): \(error.localizedDescription)")
        }
        guard data.count == 32 else {
            throw Failure(
                description:
                    "the key at \(file.path) is \(data.count) bytes, not 32: it was damaged; without it the account's encrypted fields cannot be read"
            )
        }
        return SymmetricKey(data: data)
    }

    /// `value` sealed for the field `field` of the record `recordName` of type `recordType`.
    ///
    /// - Throws: ``Failure`` when the value cannot be sealed.
    func seal(_ value: CloudValue, field: String, recordName: String, recordType: String) throws(Failure)
        -> CloudValue
    {
        if case .encrypted = value { return value }
        do {
            let plain = try JSONEncoder().encode(value)
            let box = try AES.GCM.seal(
                plain, using: key,
                authenticating: Self.context(field: field, recordName: recordName, recordType: recordType))
            return .encrypted(value.kind, box.combined)
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(description: "cannot encrypt \(recordType).\(field): \(error)")
        }
    }

    /// The plain value of an encrypted field, or `value` itself when it is not encrypted.
    ///
    /// - Throws: ``Failure`` when the sealed bytes do not open with the account's key for this field, or
    ///   hold a value of another type than they say.
    func open(_ value: CloudValue, field: String, recordName: String, recordType: String) throws(Failure)
        -> CloudValue
    {
        guard case .encrypted(let type, let sealed) = value else { return value }
        let plain: CloudValue
        do {
            let box = try AES.GCM.SealedBox(combined: sealed)
            let data = try AES.GCM.open(
                box, using: key,
                authenticating: Self.context(field: field, recordName: recordName, recordType: recordType))
            plain = try JSONDecoder().decode(CloudValue.self, from: data)
        } catch {
            throw Failure(
                description:
                    "the encrypted field \(field) does not open with the account's key (changed on the server, or sealed for another field or account)"
            )
        }
        guard plain.kind == type.plain else {
            throw Failure(
                description:
                    "the encrypted field \(field) holds a \(plain.typeName), not the \(type.plain.rawValue) it says")
        }
        return plain
    }

    /// The record's every encrypted field opened.
    ///
    /// - Throws: ``Failure`` for the first field that does not open.
    func opened(_ record: CloudRecord) throws(Failure) -> CloudRecord {
        var record = record
        for (field, value) in record.fields {
            guard case .encrypted = value else { continue }
            record.fields[field] = try open(
                value, field: field, recordName: record.recordName, recordType: record.recordType)
        }
        return record
    }

    private static func context(field: String, recordName: String, recordType: String) -> Data {
        Data("\(recordType)\n\(recordName)\n\(field)".utf8)
    }
}
