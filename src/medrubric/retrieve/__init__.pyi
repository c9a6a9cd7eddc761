# Public names of medrubric.retrieve, each loaded from its submodule on first access
# (`lazy_loader.attach_stub` in __init__.py reads this file); type checkers read it too.
# A new public name is one line here.

from .base import Retriever as Retriever
from .bm25 import BM25Retriever as BM25Retriever
from .corpus import Corpus as Corpus
from .corpus import Snippet as Snippet
from .corpus import load_corpus as load_corpus
from .dense import DenseRetriever as DenseRetriever
from .dense import E5Encoder as E5Encoder
from .dense import MedCPTEncoder as MedCPTEncoder
from .dense import USEEncoder as USEEncoder
from .dense import open_encoder as open_encoder
from .fusion import FusedRetriever as FusedRetriever
from .fusion import reciprocal_rank_fusion as reciprocal_rank_fusion
from .index import IndexManifest as IndexManifest
from .index import build_index as build_index
from .index import build_retriever as build_retriever
from .index import cached_index as cached_index
from .index import load_index as load_index
from .index import read_manifest as read_manifest
from .index import save_index as save_index
from .kinds import INDEX_KINDS as INDEX_KINDS
from .kinds import IndexKind as IndexKind
