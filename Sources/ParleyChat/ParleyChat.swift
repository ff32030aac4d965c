// ParleyChat: chat without UI.
//
// Layout of this module (one type or one tight family per file):
// - Models/       Sendable value types the UI displays (ChatChannel, ChatMessage, reactions, …).
// - Errors/       ChatError: every failure, with what went wrong and what to do.
// - Clock/        the injectable clock (system time, or a manual clock for tests and demos).
// - Store/        SQLite through GRDB: schema, reads that build models, writes that publish changes.
// - Backend/      the ChatBackend seam and the embedded backend that runs the chat rules in-process.
// - Client/       ChatClient: the entry point, the outbox of unsent messages.
// - Controllers/  main-actor controllers that deliver diffs (inserted, removed, updated ids).
// - DemoData/     the deterministic demo data generator and the simulated peers.
//
// Invariant kept by the whole module: SQLite is the single source of truth. Controllers never
// keep state that the store does not have, except the client's outbox of messages the store
// could not accept (read-only or full disk), which is merged into what they show.

// `ListChange`, the diff every controller delivers, lives in ParleyDiff (the engine applies it
// too); importing ParleyChat brings it.
@_exported import ParleyDiff
