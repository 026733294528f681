import Foundation

// Apple's Security functions take and return Core Foundation types. On Linux there is no Core Foundation
// bridging for these names, so they stand for the Foundation classes that `as` already bridges to:
// `query as CFDictionary` turns a `[String: Any]` into an `NSDictionary`, and `kSecClass as String`
// turns an `NSString` into a `String`, just as the toll-free bridge does on Apple platforms.

/// A status code returned by the Security functions; `errSecSuccess` (0) means success.
public typealias OSStatus = Int32

/// An immutable string, as the Security constants (`kSecClass`, `kSecAttrAccount`, …) are typed.
public typealias CFString = NSString

/// An immutable dictionary, as queries and attributes are passed: `query as CFDictionary`.
public typealias CFDictionary = NSDictionary

/// An immutable byte buffer.
public typealias CFData = NSData

/// An immutable array, as `kSecMatchLimitAll` results come back.
public typealias CFArray = NSArray

/// A number object.
public typealias CFNumber = NSNumber

/// A Boolean object such as `kCFBooleanTrue`.
public typealias CFBoolean = NSNumber

/// Any object a Security function can return through its `result` out-parameter.
public typealias CFTypeRef = AnyObject

/// The Boolean true object, usable wherever a query flag such as `kSecReturnData` expects a Boolean.
public let kCFBooleanTrue: CFBoolean! = NSNumber(value: true)

/// The Boolean false object.
public let kCFBooleanFalse: CFBoolean! = NSNumber(value: false)
