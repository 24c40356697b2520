// `JSONInputError` is the error of the package's one strict JSON reader (module TCFJSON, not a
// product). The scoped re-export makes `import IABTCFVendorList` reach it and its members, as when
// it was declared here (a typealias alone leaves `code`, `position` and `message` out of reach under
// the upcoming MemberImportVisibility feature); nothing else of TCFJSON is re-exported. The
// typealias gives it a documentation page in this module.
@_exported public import struct TCFJSON.JSONInputError

/// Why JSON input was rejected, and where: its `code` (`.syntax`, `.unexpectedEnd`,
/// `.invalidString`, `.tooDeep`, `.tooLarge`, `.invalidNumber` or `.schema`), the 1-based
/// `position` in UTF-8 bytes at which reading stopped, and a `message` that names the problem, e.g.
/// `vendors.755.purposes: expected an array`; its `description` reads `invalid JSON: expected ':'
/// (byte 13) [syntax]`.
///
/// Every malformed or hostile input to ``GlobalVendorList/init(json:maxBytes:)`` and
/// ``GlobalVendorListTranslation/init(json:maxBytes:)`` (truncation, bad syntax, invalid UTF-8,
/// nesting deeper than the limit, a number that does not fit, input over the size limit, or a value
/// of the wrong shape) gives this error; none traps. Two errors are equal when code, position and
/// message are; to ask only what kind of error it is, compare `code`.
public typealias JSONInputError = TCFJSON.JSONInputError
