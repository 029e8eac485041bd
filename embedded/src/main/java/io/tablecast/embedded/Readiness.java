package io.tablecast.embedded;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import javax.net.ssl.SSLSocketFactory;

/** Waits for a child process's HTTP ports, and reads the tail of its log for error messages. */
public final class Readiness {

  private static final int PROBE_TIMEOUT_MILLIS = 1_000;
  private static final long POLL_MILLIS = 100;
  private static final int TAIL_BYTES = 4_096;

  private Readiness() {}

  /**
   * Returns once every port on 127.0.0.1 answers an HTTP request with any status. Fails at once
   * if the process exits, or after {@code timeout}, with {@code logTail} in the message.
   */
  static void await(Process process, List<Integer> ports, Duration timeout, Supplier<String> logTail) {
    await(process, ports, timeout, logTail, Optional.empty());
  }

  /** As {@link #await(Process, List, Duration, Supplier)}; with {@code tls}, over TLS made by that factory. */
  static void await(Process process, List<Integer> ports, Duration timeout, Supplier<String> logTail,
      Optional<SSLSocketFactory> tls) {
    long deadline = System.nanoTime() + timeout.toNanos();
    List<Integer> pending = new ArrayList<>(ports);
    while (true) {
      pending.removeIf(port -> answersHttp(port, tls));
      if (pending.isEmpty()) {
        return;
      }
      if (!process.isAlive()) {
        throw new IllegalStateException("The process (pid " + process.pid() + ") exited with code "
            + process.exitValue() + " before ports " + pending + " answered. Its log ends with:\n"
            + logTail.get());
      }
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("Ports " + pending + " of the process (pid " + process.pid()
            + ") did not answer HTTP within " + timeout + ". Its log ends with:\n" + logTail.get());
      }
      try {
        Thread.sleep(POLL_MILLIS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("Interrupted while waiting for ports " + pending, e);
      }
    }
  }

  /** True if something on 127.0.0.1:{@code port} answers {@code GET /} with an HTTP status line. */
  public static boolean answersHttp(int port) {
    return answersHttp(port, Optional.empty());
  }

  /** As {@link #answersHttp(int)}; with {@code tls}, the request goes over TLS made by that factory. */
  static boolean answersHttp(int port, Optional<SSLSocketFactory> tls) {
    try (Socket plain = new Socket()) {
      plain.connect(new InetSocketAddress("127.0.0.1", port), PROBE_TIMEOUT_MILLIS);
      plain.setSoTimeout(PROBE_TIMEOUT_MILLIS);
      Socket socket = tls.isPresent() ? tls.get().createSocket(plain, "127.0.0.1", port, true) : plain;
      OutputStream out = socket.getOutputStream();
      out.write(("GET / HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nConnection: close\r\n\r\n")
          .getBytes(StandardCharsets.US_ASCII));
      out.flush();
      String statusLine = new BufferedReader(
          new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII)).readLine();
      return statusLine != null && statusLine.startsWith("HTTP/");
    } catch (IOException e) {
      return false; // not listening yet: the expected answer while it starts
    }
  }

  /** The last few KiB of {@code file}, or a note saying why there is none. */
  public static String tail(Path file) {
    if (!Files.exists(file)) {
      return "(no log file " + file + ")";
    }
    try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
      long start = Math.max(0, in.length() - TAIL_BYTES);
      byte[] bytes = new byte[(int) (in.length() - start)];
      in.seek(start);
      in.readFully(bytes);
      return new String(bytes, StandardCharsets.UTF_8);
    } catch (IOException e) {
      return "(could not read " + file + ": " + e + ")";
    }
  }
}
