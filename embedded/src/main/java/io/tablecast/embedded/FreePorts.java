package io.tablecast.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.IntStream;

/**
 * Picks ports that are free on 127.0.0.1, below the OS's ephemeral range.
 *
 * <p>Letting the OS choose ({@code new ServerSocket(0)}) hands out a port from the ephemeral
 * range, the same range every outgoing connection takes its local port from. Between the pick
 * and the server's start (a restart on the same ports, say) a client connection anywhere on the
 * machine may take the port, and the server fails with {@code EADDRINUSE}. Ports below that range
 * are never handed to outgoing connections, so only another picker can race for them.
 *
 * <p>Pickers do not race each other either: each port handed out is reserved, for the life of
 * the JVM, by a lock on a file named after it in {@code <java.io.tmpdir>/tablecast-ports}. Test
 * JVMs running side by side (parallel forks, parallel module builds) therefore never hand out the
 * same port, even when both pick before either server has bound it. The OS drops the locks of a
 * JVM that ends, however it ends.
 */
public final class FreePorts {

  private static final Path EPHEMERAL_RANGE = Path.of("/proc/sys/net/ipv4/ip_local_port_range");
  /** Linux's default start of the ephemeral range; also below the IANA range (49152). */
  private static final int DEFAULT_EPHEMERAL_LOW = 32768;
  /** Above the ports the demo and Azurite's defaults use (8081, 8082, 9092, 10000-10002). */
  private static final int LOWEST = 20000;
  private static final int ATTEMPTS = 1000;
  private static final Path RESERVATIONS = Path.of(System.getProperty("java.io.tmpdir"), "tablecast-ports");
  /** The ports this JVM has handed out, each with the lock that reserves it. */
  private static final Map<Integer, FileLock> reserved = new ConcurrentHashMap<>();

  private FreePorts() {}

  /**
   * Returns {@code count} distinct free ports. All probe sockets stay open until every port has
   * been chosen, so no port is chosen twice.
   */
  public static synchronized int[] pick(int count) {
    if (count < 1) {
      throw new IllegalArgumentException("'count' must be positive, was " + count + ".");
    }
    int below = ephemeralLow();
    List<ServerSocket> sockets = new ArrayList<>(count);
    IOException failure = null;
    try {
      InetAddress loopback = InetAddress.getByName("127.0.0.1");
      for (int attempt = 0; sockets.size() < count && attempt < ATTEMPTS; attempt++) {
        int port = ThreadLocalRandom.current().nextInt(LOWEST, below);
        if (!reserved.containsKey(port)) {
          tryBind(loopback, port).filter(FreePorts::reserve).ifPresent(sockets::add);
        }
      }
      if (sockets.size() < count) {
        throw new IOException("only " + sockets.size() + " free in [" + LOWEST + ", " + below + ") after " + ATTEMPTS + " attempts");
      }
    } catch (IOException e) {
      failure = e;
    }
    int[] ports = sockets.stream().mapToInt(ServerSocket::getLocalPort).toArray();
    for (ServerSocket socket : sockets) {
      try {
        socket.close();
      } catch (IOException e) {
        if (failure == null) {
          failure = e;
        } else {
          failure.addSuppressed(e);
        }
      }
    }
    if (failure != null) {
      throw new UncheckedIOException("Could not pick " + count + " free ports on 127.0.0.1", failure);
    }
    return ports;
  }

  /**
   * Returns an offset at which every one of {@code ports}, plus the offset, is free, below the
   * OS's ephemeral range, and reserved for this JVM as {@link #pick} reserves its ports: for a
   * process that takes all its ports as one offset from their defaults (dev mode's
   * {@code --port-offset}). The ports stay reserved while this JVM lives, so a process restarted
   * at the same offset finds them free again.
   */
  public static synchronized int offset(int... ports) {
    if (ports.length == 0) {
      throw new IllegalArgumentException("'ports' cannot be empty.");
    }
    int lowest = IntStream.of(ports).min().orElseThrow();
    int highest = IntStream.of(ports).max().orElseThrow();
    int from = LOWEST - lowest;
    int to = ephemeralLow() - highest;
    if (to <= from) {
      throw new IllegalArgumentException("'ports' span more than the ports below the ephemeral range.");
    }
    for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
      int offset = ThreadLocalRandom.current().nextInt(from, to);
      if (IntStream.of(ports).noneMatch(port -> reserved.containsKey(port + offset)) && reserveAll(ports, offset)) {
        return offset;
      }
    }
    throw new IllegalStateException("No offset in [" + from + ", " + to + ") at which all of " + Arrays.toString(ports)
        + " are free after " + ATTEMPTS + " attempts");
  }

  /** Binds and reserves every port plus {@code offset}, or none of them. */
  private static boolean reserveAll(int[] ports, int offset) {
    List<ServerSocket> probes = new ArrayList<>(ports.length);
    boolean all = true;
    try {
      InetAddress loopback = InetAddress.getByName("127.0.0.1");
      for (int i = 0; i < ports.length && all; i++) {
        Optional<ServerSocket> probe = tryBind(loopback, ports[i] + offset);
        all = probe.filter(FreePorts::reserve).map(probes::add).orElse(false);
      }
    } catch (IOException e) {
      all = false;
    }
    for (ServerSocket probe : probes) {
      if (!all) {
        release(probe.getLocalPort());
      }
      try {
        probe.close();
      } catch (IOException ignored) {
        // It was only a probe.
      }
    }
    return all;
  }

  private static void release(int port) {
    FileLock lock = reserved.remove(port);
    if (lock != null) {
      try {
        lock.channel().close();
      } catch (IOException ignored) {
        // Closing the channel drops the lock; nothing else to undo.
      }
    }
  }

  /** The lowest port the OS gives to outgoing connections (Linux reads it from /proc; else Linux's default). */
  static int ephemeralLow() {
    try {
      // Not Files.readString: on procfs it returns the first character only ("3").
      String[] range = Files.readAllLines(EPHEMERAL_RANGE).get(0).trim().split("\\s+");
      return Math.max(LOWEST + 1000, Integer.parseInt(range[0]));
    } catch (IOException | RuntimeException e) {
      return DEFAULT_EPHEMERAL_LOW;
    }
  }

  private static Optional<ServerSocket> tryBind(InetAddress address, int port) throws IOException {
    ServerSocket socket = new ServerSocket();
    try {
      socket.setReuseAddress(false);
      socket.bind(new InetSocketAddress(address, port), 1);
      return Optional.of(socket);
    } catch (IOException e) {
      socket.close();
      return Optional.empty();
    }
  }

  /**
   * Reserves the port bound by {@code probe} for this JVM; false if another JVM holds it. A probe
   * that is not reserved is closed.
   */
  private static boolean reserve(ServerSocket probe) {
    int port = probe.getLocalPort();
    try {
      Files.createDirectories(RESERVATIONS);
      FileChannel channel = FileChannel.open(RESERVATIONS.resolve(Integer.toString(port)),
          StandardOpenOption.CREATE, StandardOpenOption.WRITE);
      FileLock lock = channel.tryLock();
      if (lock != null) {
        reserved.put(port, lock);
        return true;
      }
      channel.close();
    } catch (IOException e) {
      // No reservation possible here (a read-only temp dir): the probe alone decides.
      return true;
    }
    try {
      probe.close();
    } catch (IOException ignored) {
      // It was only a probe.
    }
    return false;
  }
}
