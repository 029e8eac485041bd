package io.tablecast.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Picks ports that are free on 127.0.0.1, below the OS's ephemeral range.
 *
 * <p>Letting the OS choose ({@code new ServerSocket(0)}) hands out a port from the ephemeral
 * range, the same range every outgoing connection takes its local port from. Between the pick
 * and the server's start (a restart on the same ports, say) a client connection anywhere on the
 * machine may take the port, and the server fails with {@code EADDRINUSE}. Ports below that range
 * are never handed to outgoing connections, so only another picker can race for them.
 */
public final class FreePorts {

  private static final Path EPHEMERAL_RANGE = Path.of("/proc/sys/net/ipv4/ip_local_port_range");
  /** Linux's default start of the ephemeral range; also below the IANA range (49152). */
  private static final int DEFAULT_EPHEMERAL_LOW = 32768;
  /** Above the ports the demo and Azurite's defaults use (8081, 8082, 9092, 10000-10002). */
  private static final int LOWEST = 20000;
  private static final int ATTEMPTS = 1000;

  private FreePorts() {}

  /**
   * Returns {@code count} distinct free ports. All probe sockets stay open until every port has
   * been chosen, so no port is chosen twice.
   */
  public static int[] pick(int count) {
    if (count < 1) {
      throw new IllegalArgumentException("'count' must be positive, was " + count + ".");
    }
    int below = ephemeralLow();
    List<ServerSocket> sockets = new ArrayList<>(count);
    IOException failure = null;
    try {
      InetAddress loopback = InetAddress.getByName("127.0.0.1");
      for (int attempt = 0; sockets.size() < count && attempt < ATTEMPTS; attempt++) {
        tryBind(loopback, ThreadLocalRandom.current().nextInt(LOWEST, below)).ifPresent(sockets::add);
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

  /** The lowest port the OS gives to outgoing connections (Linux reads it from /proc; else Linux's default). */
  static int ephemeralLow() {
    try {
      String[] range = Files.readString(EPHEMERAL_RANGE).trim().split("\\s+");
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
}
