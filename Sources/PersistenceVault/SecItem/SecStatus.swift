import Foundation

// Result codes of the Security functions, with Apple's numeric values (`SecBase.h`).

/// No error.
public let errSecSuccess: OSStatus = 0
/// Function or operation not implemented.
public let errSecUnimplemented: OSStatus = -4
/// The disk is full.
public let errSecDiskFull: OSStatus = -34
/// I/O error.
public let errSecIO: OSStatus = -36
/// One or more parameters passed to a function were not valid.
public let errSecParam: OSStatus = -50
/// Write permissions error.
public let errSecWrPerm: OSStatus = -61
/// Failed to allocate memory.
public let errSecAllocate: OSStatus = -108
/// User canceled the operation.
public let errSecUserCanceled: OSStatus = -128
/// Bad parameter or invalid state for operation.
public let errSecBadReq: OSStatus = -909
/// An internal component failed.
public let errSecInternalComponent: OSStatus = -2070
/// No keychain is available.
public let errSecNotAvailable: OSStatus = -25291
/// This keychain cannot be modified.
public let errSecReadOnly: OSStatus = -25292
/// The user name or passphrase you entered is not correct.
public let errSecAuthFailed: OSStatus = -25293
/// The specified keychain could not be found.
public let errSecNoSuchKeychain: OSStatus = -25294
/// The specified item already exists in the keychain.
public let errSecDuplicateItem: OSStatus = -25299
/// The specified item could not be found in the keychain.
public let errSecItemNotFound: OSStatus = -25300
/// The contents of this item cannot be retrieved.
public let errSecDataTooLarge: OSStatus = -25302
/// The specified attribute does not exist.
public let errSecNoSuchAttr: OSStatus = -25303
/// The specified item class does not exist.
public let errSecNoSuchClass: OSStatus = -25306
/// User interaction is not allowed.
public let errSecInteractionNotAllowed: OSStatus = -25308
/// The specified attribute could not be modified.
public let errSecReadOnlyAttr: OSStatus = -25309
/// User interaction is required, but is currently not allowed.
public let errSecInteractionRequired: OSStatus = -25315
/// The contents of this item cannot be retrieved.
public let errSecDataNotAvailable: OSStatus = -25316
/// Unable to decode the provided data.
public let errSecDecode: OSStatus = -26275
/// A required entitlement isn't present.
public let errSecMissingEntitlement: OSStatus = -34018
/// API is restricted.
public let errSecRestrictedAPI: OSStatus = -34020

/// Returns the English sentence that describes a Security status code, or nil for a code it does not know.
///
/// ```swift
/// let message = SecCopyErrorMessageString(status, nil) as String?
/// ```
/// - Parameters:
///   - status: The status code returned by a Security function.
///   - reserved: Unused; pass `nil`.
public func SecCopyErrorMessageString(_ status: OSStatus, _ reserved: UnsafeMutableRawPointer?) -> CFString? {
    SecStatusMessages.sentence(for: status).map { $0 as CFString }
}

/// The sentences Apple's `SecBase.h` gives each status code, and the constants' names.
enum SecStatusMessages {
    /// The name of the `errSec…` constant for `status`, such as "errSecDecode", or nil for a code it does not know.
    static func symbol(for status: OSStatus) -> String? {
        switch status {
        case errSecSuccess: "errSecSuccess"
        case errSecUnimplemented: "errSecUnimplemented"
        case errSecDiskFull: "errSecDiskFull"
        case errSecIO: "errSecIO"
        case errSecParam: "errSecParam"
        case errSecWrPerm: "errSecWrPerm"
        case errSecAllocate: "errSecAllocate"
        case errSecUserCanceled: "errSecUserCanceled"
        case errSecBadReq: "errSecBadReq"
        case errSecInternalComponent: "errSecInternalComponent"
        case errSecNotAvailable: "errSecNotAvailable"
        case errSecReadOnly: "errSecReadOnly"
        case errSecAuthFailed: "errSecAuthFailed"
        case errSecNoSuchKeychain: "errSecNoSuchKeychain"
        case errSecDuplicateItem: "errSecDuplicateItem"
        case errSecItemNotFound: "errSecItemNotFound"
        case errSecDataTooLarge: "errSecDataTooLarge"
        case errSecNoSuchAttr: "errSecNoSuchAttr"
        case errSecNoSuchClass: "errSecNoSuchClass"
        case errSecInteractionNotAllowed: "errSecInteractionNotAllowed"
        case errSecReadOnlyAttr: "errSecReadOnlyAttr"
        case errSecInteractionRequired: "errSecInteractionRequired"
        case errSecDataNotAvailable: "errSecDataNotAvailable"
        case errSecDecode: "errSecDecode"
        case errSecMissingEntitlement: "errSecMissingEntitlement"
        case errSecRestrictedAPI: "errSecRestrictedAPI"
        default: nil
        }
    }

    static func sentence(for status: OSStatus) -> String? {
        switch status {
        case errSecSuccess: "No error."
        case errSecUnimplemented: "Function or operation not implemented."
        case errSecDiskFull: "The disk is full."
        case errSecIO: "I/O error."
        case errSecParam: "One or more parameters passed to a function were not valid."
        case errSecWrPerm: "Write permissions error."
        case errSecAllocate: "Failed to allocate memory."
        case errSecUserCanceled: "User canceled the operation."
        case errSecBadReq: "Bad parameter or invalid state for operation."
        case errSecInternalComponent: "An internal component failed."
        case errSecNotAvailable: "No keychain is available. You may need to restart your computer."
        case errSecReadOnly: "This keychain cannot be modified."
        case errSecAuthFailed: "The user name or passphrase you entered is not correct."
        case errSecNoSuchKeychain: "The specified keychain could not be found."
        case errSecDuplicateItem: "The specified item already exists in the keychain."
        case errSecItemNotFound: "The specified item could not be found in the keychain."
        case errSecDataTooLarge: "The contents of this item cannot be retrieved."
        case errSecNoSuchAttr: "The specified attribute does not exist."
        case errSecNoSuchClass: "The specified item class does not exist."
        case errSecInteractionNotAllowed: "User interaction is not allowed."
        case errSecReadOnlyAttr: "The specified attribute could not be modified."
        case errSecInteractionRequired: "User interaction is required, but is currently not allowed."
        case errSecDataNotAvailable: "The contents of this item cannot be retrieved."
        case errSecDecode: "Unable to decode the provided data."
        case errSecMissingEntitlement: "A required entitlement isn't present."
        case errSecRestrictedAPI: "API is restricted."
        default: nil
        }
    }
}
