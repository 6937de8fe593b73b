/// Addresses into buffers of file bytes that never trap: an empty buffer (an empty file, an
/// empty line) has no address, and `ByteReader` (and the system calls of `FileSystem` and
/// `ChunkedFile`) take the first byte's address to hand to `memchr`, `memcmp`, `read` and loads
/// at offsets they have checked. With no byte to read, any valid address does; this gives one
/// instead of a force unwrap.
private nonisolated(unsafe) let nowhere = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)

extension UnsafeBufferPointer<UInt8> {
    /// The first byte's address, or a valid one to read no bytes at.
    var start: UnsafePointer<UInt8> { baseAddress ?? UnsafePointer(nowhere) }
}

extension UnsafeMutableBufferPointer<UInt8> {
    /// The first byte's address, or a valid one to write no bytes at.
    var start: UnsafeMutablePointer<UInt8> { baseAddress ?? nowhere }
}

extension UnsafeRawBufferPointer {
    /// The first byte's address, or a valid one to read no bytes at.
    var start: UnsafeRawPointer { baseAddress ?? UnsafeRawPointer(nowhere) }
}

extension UnsafeMutableRawBufferPointer {
    /// The first byte's address, or a valid one to write no bytes at.
    var start: UnsafeMutableRawPointer { baseAddress ?? UnsafeMutableRawPointer(nowhere) }
}
