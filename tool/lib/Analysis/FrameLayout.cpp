#include "Analysis/FrameLayout.h"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <numeric>

namespace unawait {

namespace {

void sortMembers(LayoutNode &Node);
void measure(LayoutNode &Node);

/// The size a subtree will have once laid out.
uint64_t measured(LayoutNode Node) {
  sortMembers(Node);
  measure(Node);
  return Node.Size;
}

class LayoutBuilder {
public:
  LayoutBuilder(const std::vector<LayoutItem> &Items, bool LookAhead)
      : Items(Items), LookAhead(LookAhead) {}

  LayoutNode build(const std::vector<unsigned> &Set) {
    if (Set.size() == 1)
      return objectNode(Set.front());
    std::vector<std::vector<unsigned>> Components = components(Set);
    if (Components.size() > 1) {
      LayoutNode Union;
      Union.NodeKind = LayoutNode::Union;
      for (const auto &Component : Components)
        addFlattened(Union, build(Component));
      return Union;
    }
    return buildComponent(Set);
  }

private:
  LayoutNode objectNode(unsigned Item) const {
    LayoutNode Node;
    Node.NodeKind = LayoutNode::Object;
    Node.ObjectIndex = Item;
    Node.Size = Items[Item].Size;
    Node.Align = Items[Item].Align;
    return Node;
  }

  bool conflict(unsigned A, unsigned B) const {
    return Items[A].Conflicts.test(B) || Items[B].Conflicts.test(A);
  }

  unsigned degree(unsigned Item, const std::vector<unsigned> &Set) const {
    return std::count_if(Set.begin(), Set.end(), [&](unsigned Other) {
      return Other != Item && conflict(Item, Other);
    });
  }

  /// Connected components of the conflict graph restricted to Set, each in
  /// the order of Set.
  std::vector<std::vector<unsigned>>
  components(const std::vector<unsigned> &Set) const {
    std::vector<int> Component(Set.size(), -1);
    int Count = 0;
    for (size_t Start = 0; Start < Set.size(); ++Start) {
      if (Component[Start] >= 0)
        continue;
      std::vector<size_t> Work{Start};
      Component[Start] = Count;
      while (!Work.empty()) {
        size_t At = Work.back();
        Work.pop_back();
        for (size_t Next = 0; Next < Set.size(); ++Next)
          if (Component[Next] < 0 && conflict(Set[At], Set[Next])) {
            Component[Next] = Count;
            Work.push_back(Next);
          }
      }
      ++Count;
    }
    std::vector<std::vector<unsigned>> Result(Count);
    for (size_t I = 0; I < Set.size(); ++I)
      Result[Component[I]].push_back(Set[I]);
    return Result;
  }

  /// One connected component: the objects that conflict with all others sit
  /// beside the rest. Without any, one object is set beside the rest: the
  /// one giving the smallest result among the most conflicting candidates
  /// (looking one level ahead), or simply the most conflicting one.
  LayoutNode buildComponent(const std::vector<unsigned> &Set) {
    std::vector<unsigned> Beside, Rest;
    for (unsigned Item : Set)
      (degree(Item, Set) + 1 == Set.size() ? Beside : Rest).push_back(Item);
    if (!Beside.empty())
      return beside(Beside, Rest, *this);
    std::vector<unsigned> Candidates = Set;
    std::stable_sort(Candidates.begin(), Candidates.end(), [&](unsigned A, unsigned B) {
      unsigned DA = degree(A, Set), DB = degree(B, Set);
      return DA != DB ? DA > DB : Items[A].Size > Items[B].Size;
    });
    Candidates.resize(LookAhead ? std::min<size_t>(Candidates.size(), 4) : 1);
    auto without = [&](unsigned Candidate) {
      std::vector<unsigned> Others;
      for (unsigned Item : Set)
        if (Item != Candidate)
          Others.push_back(Item);
      return Others;
    };
    unsigned Best = Candidates.front();
    if (Candidates.size() > 1) {
      uint64_t BestSize = UINT64_MAX;
      LayoutBuilder Plain(Items, /*LookAhead=*/false);
      for (unsigned Candidate : Candidates) {
        uint64_t Size = measured(beside({Candidate}, without(Candidate), Plain));
        if (Size < BestSize) {
          Best = Candidate;
          BestSize = Size;
        }
      }
    }
    return beside({Best}, without(Best), *this);
  }

  /// A struct of the objects in Beside and the layout of Rest.
  LayoutNode beside(const std::vector<unsigned> &Beside,
                    const std::vector<unsigned> &Rest, LayoutBuilder &Builder) {
    LayoutNode Struct;
    Struct.NodeKind = LayoutNode::Struct;
    for (unsigned Item : Beside)
      Struct.Children.push_back(objectNode(Item));
    if (!Rest.empty())
      addFlattened(Struct, Builder.build(Rest));
    return Struct;
  }

  /// Adds Child to Parent, merging a struct into a struct and a union into a
  /// union.
  static void addFlattened(LayoutNode &Parent, LayoutNode Child) {
    if (Child.NodeKind == Parent.NodeKind) {
      for (auto &Grandchild : Child.Children)
        Parent.Children.push_back(std::move(Grandchild));
      return;
    }
    Parent.Children.push_back(std::move(Child));
  }

  const std::vector<LayoutItem> &Items;
  bool LookAhead;
};

/// Orders struct members by decreasing alignment (stable), recursively.
void sortMembers(LayoutNode &Node) {
  for (auto &Child : Node.Children)
    sortMembers(Child);
  if (Node.NodeKind == LayoutNode::Struct)
    std::stable_sort(Node.Children.begin(), Node.Children.end(),
                     [](const LayoutNode &A, const LayoutNode &B) {
                       return A.Align > B.Align;
                     });
}

/// Computes sizes, alignments and offsets relative to the node's start.
void measure(LayoutNode &Node) {
  if (Node.NodeKind == LayoutNode::Object || Node.NodeKind == LayoutNode::Tag)
    return;
  uint64_t End = 0, Align = 1;
  for (auto &Child : Node.Children) {
    measure(Child);
    Align = std::max(Align, Child.Align);
    if (Node.NodeKind == LayoutNode::Struct) {
      Child.Offset = alignTo(End, Child.Align);
      End = Child.Offset + Child.Size;
    } else {
      Child.Offset = 0;
      End = std::max(End, Child.Size);
    }
  }
  Node.Align = Align;
  Node.Size = std::max<uint64_t>(alignTo(End, Align), 1);
}

void makeOffsetsAbsolute(LayoutNode &Node, uint64_t Base) {
  Node.Offset += Base;
  for (auto &Child : Node.Children)
    makeOffsetsAbsolute(Child, Node.Offset);
}

/// Names the structs nested in unions Group1, Group2... in pre-order.
void nameGroups(LayoutNode &Node, bool InUnion, unsigned &Counter) {
  if (Node.NodeKind == LayoutNode::Struct && InUnion) {
    ++Counter;
    Node.TypeName = "Group" + std::to_string(Counter);
    Node.MemberName = "g" + std::to_string(Counter);
  }
  for (auto &Child : Node.Children)
    nameGroups(Child, Node.NodeKind == LayoutNode::Union, Counter);
}

LayoutNode tag(const char *Name, unsigned Bytes) {
  LayoutNode Node;
  Node.NodeKind = LayoutNode::Tag;
  Node.MemberName = Name;
  Node.Size = Bytes;
  Node.Align = std::min(Bytes, 8u); // an array of 64-bit words past 8
  return Node;
}

} // namespace

FrameLayout layoutFrame(const std::vector<LayoutItem> &Items,
                        unsigned StateBytes, unsigned LiveBytes) {
  FrameLayout Layout;
  Layout.Root.NodeKind = LayoutNode::Struct;
  if (!Items.empty()) {
    std::vector<unsigned> All(Items.size());
    std::iota(All.begin(), All.end(), 0);
    LayoutNode Tree = LayoutBuilder(Items, /*LookAhead=*/true).build(std::move(All));
    if (Tree.NodeKind == LayoutNode::Struct)
      Layout.Root = std::move(Tree);
    else
      Layout.Root.Children.push_back(std::move(Tree));
  }
  sortMembers(Layout.Root);
  // The tags go last: their alignment is the smallest, and a reader finds
  // the frame's contents first.
  Layout.Root.Children.push_back(tag("state_", StateBytes));
  if (LiveBytes)
    Layout.Root.Children.push_back(tag("live_", LiveBytes));
  unsigned Counter = 0;
  nameGroups(Layout.Root, false, Counter);
  measure(Layout.Root);
  makeOffsetsAbsolute(Layout.Root, 0);
  Layout.Size = Layout.Root.Size;
  Layout.Align = Layout.Root.Align;
  return Layout;
}

void remeasure(FrameLayout &Layout, const std::vector<LayoutItem> &Items) {
  std::function<void(LayoutNode &)> Reset = [&](LayoutNode &Node) {
    Node.Offset = 0;
    if (Node.NodeKind == LayoutNode::Object) {
      Node.Size = Items[Node.ObjectIndex].Size;
      Node.Align = Items[Node.ObjectIndex].Align;
    }
    for (LayoutNode &Child : Node.Children)
      Reset(Child);
  };
  Reset(Layout.Root);
  measure(Layout.Root);
  makeOffsetsAbsolute(Layout.Root, 0);
  Layout.Size = Layout.Root.Size;
  Layout.Align = Layout.Root.Align;
}

} // namespace unawait
