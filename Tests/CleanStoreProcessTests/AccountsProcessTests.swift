import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// `cleanstore accounts …`, the real executable, on SQLite and PostgreSQL.
final class AccountsProcessTests: ProcessTestCase {
    /// An SQLite file and a fresh PostgreSQL database.
    func makeDatabases() async throws -> [(String, String)] {
        [("SQLite", databasePath), ("PostgreSQL", try await TestPostgres.makeDatabase())]
    }

    /// Run as the operating system's user "operator" (the audit log's entries name them).
    func accounts(_ arguments: [String], database: String, input: String? = nil) throws -> (status: Int32, output: String) {
        try runCleanStore(["accounts"] + arguments + ["--database", database], environment: ["USER": "operator"], input: input)
    }

    func testAddListDisableAndSetPassword() async throws {
        for (name, database) in try await makeDatabases() {
            // add
            let sue = try accounts(
                ["add", "sue", "--role", "supervisor", "--display-name", "Sue Super", "--password-stdin"], database: database,
                input: "sue's long passphrase\n")
            XCTAssertEqual(sue.status, 0, "\(name): \(sue.output)")
            XCTAssert(sue.output.contains("Added supervisor sue (Sue Super)."), "\(name): \(sue.output)")
            let amy = try accounts(["add", "Amy", "--role", "clerk", "--password-stdin"], database: database, input: "amy's passphrase!\nmore")
            XCTAssertEqual(amy.status, 0, "\(name): \(amy.output)")

            // list
            let list = try accounts(["list"], database: database)
            XCTAssertEqual(list.status, 0, "\(name): \(list.output)")
            let lines = list.output.split(separator: "\n").map(String.init).filter { $0.hasPrefix("USERNAME") || $0.hasPrefix("Amy") || $0.hasPrefix("sue") }
            XCTAssertEqual(
                lines,
                [
                    "USERNAME  DISPLAY NAME  ROLE        STATUS",
                    "Amy       Amy           clerk       active",
                    "sue       Sue Super     supervisor  active",
                ], "\(name): \(list.output)")
            XCTAssertFalse(list.output.contains("$2b$"), "\(name): never a hash")

            // disable
            let disable = try accounts(["disable", "AMY"], database: database)
            XCTAssertEqual(disable.status, 0, "\(name): \(disable.output)")
            XCTAssert(disable.output.contains("Disabled Amy; 0 session(s) ended."), "\(name): \(disable.output)")
            let listed = try accounts(["list"], database: database)
            XCTAssert(listed.output.contains("Amy       Amy           clerk       disabled"), "\(name): \(listed.output)")

            // set-password: the stored hash is bcrypt at cost 12 of the new password, and only it
            let before = try await storedHash("sue", database: database)
            let set = try accounts(["set-password", "sue", "--password-stdin"], database: database, input: "a brand new passphrase\n")
            XCTAssertEqual(set.status, 0, "\(name): \(set.output)")
            XCTAssert(set.output.contains("Set the password of sue; 0 session(s) ended."), "\(name): \(set.output)")
            let after = try await storedHash("sue", database: database)
            XCTAssertNotEqual(before, after, name)
            XCTAssert(after.hasPrefix("$2b$12$"), "\(name): \(after)")
            let verified = try await PasswordWorker().verify("a brand new passphrase", hash: after)
            XCTAssertTrue(verified, name)
            XCTAssertFalse((sue.output + amy.output + set.output).contains("passphrase"), "\(name): no password printed")

            // Every change is in the accounts' audit log, by the command line's operator, newest first;
            // disabling a disabled account changes nothing the log says.
            let again = try accounts(["disable", "amy"], database: database)
            XCTAssertEqual(again.status, 0, "\(name): \(again.output)")
            let refused = try accounts(["add", "amy", "--role", "viewer", "--password-stdin"], database: database, input: "another passphrase\n")
            XCTAssertNotEqual(refused.status, 0, name)
            let events = try await loggedEvents(database: database)
            let commandLine = AccountName(username: "operator", displayName: "Command line")
            XCTAssertEqual(
                events.map { [$0.action.rawValue, $0.username, $0.role?.rawValue ?? "-"] },
                [["password_changed", "sue", "-"], ["disabled", "Amy", "-"], ["added", "Amy", "clerk"], ["added", "sue", "supervisor"]],
                "\(name): one entry per change, none for a refusal")
            XCTAssertEqual(Set(events.map(\.actor)), [commandLine], name)
        }
    }

    func testRefusalsSayWhyAndExitNonZero() async throws {
        for (name, database) in try await makeDatabases() {
            let first = try accounts(["add", "amy", "--role", "clerk", "--password-stdin"], database: database, input: "amy's passphrase!\n")
            XCTAssertEqual(first.status, 0, "\(name): \(first.output)")
            let cases: [([String], String?, String)] = [
                (["add", "AMY", "--role", "viewer", "--password-stdin"], "another passphrase\n",
                 "An account named AMY exists already (usernames ignore case)"),
                (["add", "bob", "--role", "clerk", "--password-stdin"], "too short\n", "The password must be at least 12 characters long"),
                (["add", "bob.battery.1", "--role", "clerk", "--password-stdin"], "Bob.Battery.1\n", "The password must not be the username"),
                (["add", "bob", "--role", "clerk", "--password-stdin"], "", "No password on standard input"),
                (["add", "bob", "--role", "owner", "--password-stdin"], "a long passphrase\n", "owner"),
                (["add", "bob", "--role", "clerk"], "a long passphrase\n", "Standard input is not a terminal"),
                (["disable", "ghost"], nil, "No account named ghost"),
                (["set-password", "ghost", "--password-stdin"], "a long passphrase\n", "No account named ghost"),
                (["set-password", "amy", "--password-stdin"], "AMY\n", "The password must be at least 12 characters long"),
                // Issue 25, bug 6: bcrypt reads a password up to its first NUL
                (["add", "bob", "--role", "clerk", "--password-stdin"], "nul" + String(repeating: "\u{0}", count: 12) + "\n",
                 "The password must not hold control characters"),
                (["set-password", "amy", "--password-stdin"], "amy's\tpassphrase!\n", "The password must not hold control characters"),
            ]
            for (arguments, input, message) in cases {
                let run = try accounts(arguments, database: database, input: input)
                XCTAssertNotEqual(run.status, 0, "\(name) \(arguments): \(run.output)")
                XCTAssert(run.output.contains(message), "\(name) \(arguments): \(run.output)")
            }
            let list = try accounts(["list"], database: database)
            XCTAssertEqual(list.output.split(separator: "\n").filter { $0.hasPrefix("amy") || $0.hasPrefix("bob") }.count, 1, "\(name): \(list.output)")
        }
    }

    func testPasswordsAreAskedTwiceOnATerminalWithEchoOff() async throws {
        // `script` runs the command on a pseudo-terminal and types its own standard input there.
        let attempts = [
            ("amy's passphrase!\namy's passphrase!\n", "Added clerk amy (amy)."),
            ("amy's passphrase!\nanother one here\n", "The two passwords typed are not the same"),
        ]
        for (typed, expected) in attempts {
            let database = directory.appendingPathComponent("tty-\(UUID().uuidString).sqlite").path
            let command = [ServerProcess.executable.path, "accounts", "add", "amy", "--role", "clerk", "--database", database]
                .map { "'\($0)'" }.joined(separator: " ")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
            process.arguments = ["--quiet", "--return", "--command", command, "/dev/null"]
            var environment = ProcessInfo.processInfo.environment
            environment["CLEANSTORE_CARD_KEY"] = TestCardKeys.base64
            process.environment = environment
            let input = Pipe()
            let output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            process.standardError = output
            try process.run()
            // Never hangs the suite: a command that waits for more than it is given is killed.
            let watchdog = DispatchWorkItem { [process] in if process.isRunning { process.terminate() } }
            DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: watchdog)
            // Each line is typed once its prompt shows, as a person would.
            var text = ""
            let lines = typed.split(separator: "\n").map { $0 + "\n" }
            for (prompt, line) in zip(["Password for amy:", "The same password again:"], lines) {
                while !text.contains(prompt) {
                    let chunk = output.fileHandleForReading.availableData
                    if chunk.isEmpty { break }
                    text += String(decoding: chunk, as: UTF8.self)
                }
                try input.fileHandleForWriting.write(contentsOf: Data(line.utf8))
            }
            text += String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            watchdog.cancel()
            try input.fileHandleForWriting.close()
            XCTAssert(text.contains("Password for amy:"), text)
            XCTAssert(text.contains("The same password again:"), text)
            XCTAssert(text.contains(expected), text)
            XCTAssertFalse(text.contains("passphrase"), "echo off: \(text)")
            XCTAssertEqual(process.terminationStatus == 0, expected.hasPrefix("Added"), text)
        }
    }

    /// The password hash stored for `username`, read with a store of the test's own.
    func loggedEvents(database: String) async throws -> [AccountEvent] {
        let opened = try OrdersDatabase.open(
            database, cardKeys: CardKeySettings(keyFile: nil, keyBase64: TestCardKeys.base64, previousKeyFiles: []),
            logger: TestStores.silentLogger)
        return try await opened.use { try await opened.accountChanges.fetchEvents(limit: 20) }
    }

    func storedHash(_ username: String, database: String) async throws -> String {
        let opened = try OrdersDatabase.open(
            database, cardKeys: CardKeySettings(keyFile: nil, keyBase64: TestCardKeys.base64, previousKeyFiles: []),
            logger: TestStores.silentLogger)
        return try await opened.use { try await opened.accounts.fetchAccount(username: username)?.passwordHash ?? "" }
    }
}
