import Foundation
import ParleyServer

/// PostgreSQL alone, as a floor for the server figures: `pgbench` (PostgreSQL's own load tool, a
/// C client) runs what one send does in the database, one send per transaction, on the bench's
/// cluster (same durability: fsync and synchronous commit on), the database the one-process run
/// filled, the same cores, no server, no sockets, no fan-out.
///
/// Per transaction, as the server's send: the author's row, the channel's row `FOR UPDATE`, the
/// membership, the message id's absence, then the message, its event (sequence from the locked
/// row) and the channel's row written back.
extension PostgresServerBench {
    /// Sends per second `pgbench` commits with `clients` connections for `seconds`.
    static func rawSendsPerSecond(
        cluster: PostgresCluster, url: String, channels: Int, members: Int, clients: Int, seconds: Int
    ) throws -> Double {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("parley-raw-send-\(UUID().uuidString).sql")
        try rawSendScript(channels: channels, members: members).write(to: script, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: script) }
        // Readable by the cluster's owner, which runs pgbench under root.
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: script.path)
        guard let database = URL(string: url)?.lastPathComponent, !database.isEmpty else {
            throw BenchAPI.Failure(message: "raw floor: no database in \(url)")
        }
        let output = try cluster.run(cluster.binaries.appendingPathComponent("pgbench").path, [
            "-n", "-h", "127.0.0.1", "-p", "\(cluster.port)", "-U", "postgres", "-M", "simple",
            "-c", "\(clients)", "-j", "2", "-T", "\(seconds)", "-f", script.path, database,
        ], timeout: TimeInterval(seconds + 60))
        guard let line = output.split(separator: "\n").first(where: { $0.hasPrefix("tps = ") }),
              let tps = line.dropFirst("tps = ".count).split(separator: " ").first.flatMap({ Double($0) })
        else { throw BenchAPI.Failure(message: "raw floor: no tps in pgbench's output: \(output)") }
        return tps
    }

    /// The transaction pgbench repeats (see the type's documentation). Ids are random 63-bit
    /// numbers, so no send collides with another or with the server runs' messages.
    static func rawSendScript(channels: Int, members: Int) -> String {
        // An event payload of a message.new event's size (a few hundred bytes of JSON).
        let payload = Data(repeating: 0x61, count: 320).map { String(format: "%02x", $0) }.joined()
        return """
            \\set c random(0, \(channels - 1))
            \\set u :c * \(members) + random(0, \(members - 1))
            \\set id random(1, 9223372036854775806)
            BEGIN;
            SELECT * FROM users WHERE id = 'user-' || :u;
            SELECT last_seq FROM channels WHERE cid = 'messaging:load-' || :c FOR UPDATE \\gset
            SELECT * FROM members WHERE cid = 'messaging:load-' || :c AND user_id = 'user-' || :u;
            SELECT * FROM messages WHERE id = 'raw-' || :id;
            INSERT INTO messages (id, cid, user_id, type, text, created_at, updated_at, show_in_channel, mentioned, attachments, reply_count) VALUES ('raw-' || :id, 'messaging:load-' || :c, 'user-' || :u, 'regular', 'load ' || :id, 1, 1, false, '[]', '[]', 0);
            INSERT INTO events (cid, seq, payload) VALUES ('messaging:load-' || :c, :last_seq + 1, '\\x\(payload)'::bytea);
            UPDATE channels SET last_seq = :last_seq + 1, last_message_at = 1 WHERE cid = 'messaging:load-' || :c;
            COMMIT;

            """
    }
}
