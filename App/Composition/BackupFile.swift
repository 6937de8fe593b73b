import DataLayer
import Domain

/// The sink `Transfer` streams a backup into: the document written to a file (or stdout) as
/// the read hands each record over, so no history is too large to back up; or kept in memory
/// when there is no file (`Transfer.backup()`).
struct BackupFile: BackupSink {
    /// The bytes kept in memory: a class, so that the writer's closure and the sink the read
    /// hands back share them.
    final class Bytes {
        var contents: [UInt8] = []
    }

    let file: UserFile.Writer?
    let bytes = Bytes()
    private var document: BackupCodec.Writer

    init(_ file: UserFile.Writer?) {
        self.file = file
        let bytes = self.bytes
        document = BackupCodec.Writer { written in
            guard let file else { return bytes.contents += written }
            do { try file.write(written) } catch { throw TransferError.output(error) }
        }
    }

    mutating func begin(_ backup: Backup) throws { try document.begin(backup) }
    mutating func add(completedCart: Cart) throws { try document.add(completedCart: completedCart) }
    mutating func add(observation: PriceObservation) throws { try document.add(observation: observation) }
    mutating func end() throws { try document.end() }
}
