package io.tablecast.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;

/** Picks ports that are free on 127.0.0.1 by letting the OS choose them. */
public final class FreePorts {

  private FreePorts() {}

  /**
   * Returns {@code count} distinct free ports. All probe sockets stay open until every port has
   * been chosen, so the OS cannot hand out the same port twice.
   */
  public static int[] pick(int count) {
    if (count < 1) {
      throw new IllegalArgumentException("'count' must be positive, was " + count + ".");
    }
    List<ServerSocket> sockets = new ArrayList<>(count);
    IOException failure = null;
    try {
      InetAddress loopback = InetAddress.getByName("127.0.0.1");
      for (int i = 0; i < count; i++) {
        sockets.add(new ServerSocket(0, 1, loopback));
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
}
